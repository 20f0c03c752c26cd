import type { ParkedEvent } from '@event-store-service/client';
import { EmptyState, ErrorMessage, StreamLink } from '../components';
import { formatTime } from '../format';
import { useAction } from '../hooks';
import { Link, pathOf } from '../router';
import { useSession } from '../session';

/**
 * A consumer's parked events: what each was, how often it was delivered, why it failed; Replay
 * delivers one again once the handler is fixed, Skip counts it as done.
 */
export function ParkedEvents(props: { store: string; consumer: string; parked: ParkedEvent[]; onChanged: (message: string) => void }) {
  const { store, consumer, parked } = props;
  const { client, can } = useSession();
  const replay = useAction(async (event: ParkedEvent) => {
    await client.store(store).consumer(consumer).replayParked(event.position);
    props.onChanged(`Position ${event.position} is pending again: it is delivered to a client of ${consumer} once more.`);
  });
  const skip = useAction(async (event: ParkedEvent) => {
    await client.store(store).consumer(consumer).skipParked(event.position);
    props.onChanged(`Skipped position ${event.position}: it counts as done.`);
  });
  const busy = replay.busy || skip.busy;
  // Each action clears the other's error, so that the message shown is always the last action's.
  const start = (action: typeof replay, other: typeof skip, event: ParkedEvent) => {
    other.clearError();
    void action.run(event);
  };

  return (
    <section aria-labelledby="parked-heading">
      <h3 id="parked-heading">Parked events</h3>
      <ErrorMessage error={replay.error ?? skip.error} what={replay.error ? 'Replaying' : 'Skipping'} />
      {parked.length === 0 ? (
        <EmptyState title="No parked events.">
          <p>An event no client acked after the consumer’s maximum deliveries lands here, so that the events after it keep flowing.</p>
        </EmptyState>
      ) : (
        <table>
          <caption>Parked events of {consumer}</caption>
          <thead>
            <tr>
              <th scope="col" class="num">
                Position
              </th>
              <th scope="col">Type</th>
              <th scope="col">Stream</th>
              <th scope="col" class="num">
                Deliveries
              </th>
              <th scope="col">Last error</th>
              <th scope="col">Parked at</th>
              {can('admin') && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {parked.map((event) => (
              <tr key={event.position}>
                <td class="num">
                  <Link href={pathOf(['stores', store, 'events'], { event: event.position })}>{event.position}</Link>
                </td>
                <td>{event.type ?? <span class="muted">deleted by retention</span>}</td>
                <td>
                  <StreamLink store={store} streamId={event.streamId} />
                </td>
                <td class="num">{event.deliveries}</td>
                <td class="wrap">{event.lastError ?? <span class="muted">—</span>}</td>
                <td>{formatTime(event.parkedAt)}</td>
                {can('admin') && (
                  <td>
                    <div class="actions">
                      <button
                        type="button"
                        class="small"
                        aria-label={`Replay position ${event.position}`}
                        disabled={busy}
                        onClick={() => start(replay, skip, event)}
                      >
                        Replay
                      </button>
                      <button
                        type="button"
                        class="secondary small"
                        aria-label={`Skip position ${event.position}`}
                        disabled={busy}
                        onClick={() => start(skip, replay, event)}
                      >
                        Skip
                      </button>
                    </div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
