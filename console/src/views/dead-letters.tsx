import type { DeadLetter } from '@event-store-service/client';
import { useState } from 'preact/hooks';
import { EmptyState, ErrorMessage, Notice, StreamLink } from '../components';
import { formatNumber, formatTime } from '../format';
import { useAction } from '../hooks';
import { Link, pathOf } from '../router';
import { useSession } from '../session';

/**
 * A webhook subscription's dead letters: what each event was (type and stream), why it failed, and
 * Replay for one or all of them once the receiver is fixed.
 */
export function DeadLetters(props: { store: string; subscriptionId: string; deadLetters: DeadLetter[]; onReplayed: () => void }) {
  const { store, subscriptionId, deadLetters } = props;
  const { client, can } = useSession();
  const [notice, setNotice] = useState<string | undefined>();
  const replay = useAction(async (deadLetter: DeadLetter) => {
    await client.store(store).replayDeadLetter(subscriptionId, deadLetter.id);
    setNotice(
      `Replay of position ${deadLetter.globalPosition} queued: it is delivered before the subscription's new events, and leaves this list once delivered.`,
    );
    props.onReplayed();
  });
  const replayAll = useAction(async () => {
    const { queued } = await client.store(store).replayDeadLetters(subscriptionId);
    setNotice(
      `Replay of ${formatNumber(queued)} dead ${queued === 1 ? 'letter' : 'letters'} queued: in position order, before the subscription's new events; each leaves this list once delivered.`,
    );
    props.onReplayed();
  });
  const waiting = deadLetters.filter((deadLetter) => !deadLetter.replayRequestedAt).length;

  return (
    <section aria-labelledby="dead-letters-heading">
      <div class="panel-head">
        <h3 id="dead-letters-heading">Dead letters</h3>
        {can('admin') && waiting > 0 && (
          <button type="button" disabled={replayAll.busy} onClick={() => void replayAll.run()}>
            Replay all
          </button>
        )}
      </div>
      {notice && <Notice>{notice}</Notice>}
      <ErrorMessage error={replay.error ?? replayAll.error} what="Replaying" />
      {deadLetters.length === 0 ? (
        <EmptyState title="No dead letters.">
          <p>Events the receiver refused after every retry land here, to be replayed once it is fixed.</p>
        </EmptyState>
      ) : (
        <table>
          <caption>Dead letters of {subscriptionId}</caption>
          <thead>
            <tr>
              <th scope="col" class="num">
                Position
              </th>
              <th scope="col">Type</th>
              <th scope="col">Stream</th>
              <th scope="col" class="num">
                Attempts
              </th>
              <th scope="col">Last status</th>
              <th scope="col">Last error</th>
              <th scope="col">Failed at</th>
              <th scope="col">Replay</th>
            </tr>
          </thead>
          <tbody>
            {deadLetters.map((deadLetter) => (
              <tr key={deadLetter.id}>
                <td class="num">
                  <Link href={pathOf(['stores', store, 'events'], { event: deadLetter.globalPosition })}>{deadLetter.globalPosition}</Link>
                </td>
                <td>{deadLetter.type ?? <span class="muted">deleted by retention</span>}</td>
                <td>
                  <StreamLink store={store} streamId={deadLetter.streamId} />
                </td>
                <td class="num">{deadLetter.attempts}</td>
                <td>{deadLetter.lastStatusCode ?? 'no response'}</td>
                <td class="wrap">{deadLetter.lastError}</td>
                <td>{formatTime(deadLetter.failedAt)}</td>
                <td>
                  {deadLetter.replayRequestedAt ? (
                    <span>Queued {formatTime(deadLetter.replayRequestedAt)}</span>
                  ) : can('admin') ? (
                    <button
                      type="button"
                      class="small"
                      aria-label={`Replay position ${deadLetter.globalPosition}`}
                      disabled={replay.busy || replayAll.busy}
                      onClick={() => void replay.run(deadLetter)}
                    >
                      Replay
                    </button>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
