import type { LiveEvent } from '@event-store-service/client';
import { useEffect, useRef, useState } from 'preact/hooks';
import { DCB_STREAM_ID, EmptyState, ErrorMessage } from '../components';
import { eventHeading } from '../event-details';
import { JsonView } from '../json-tree';
import { formatClock, formatNumber } from '../format';
import { useTitle } from '../hooks';
import { Link, navigate, pathOf, useRoute } from '../router';
import { createClient, useSession } from '../session';

/** The newest events kept on screen; older ones scroll off (the Events view has them all). */
const MAX_SHOWN = 500;

type Status =
  | { state: 'connecting' }
  | { state: 'live' }
  | { state: 'reconnecting'; attempt: number; delayMs: number; code?: number; reason?: string }
  | { state: 'failed'; error: unknown };

const randomSuffix = () => Math.random().toString(36).slice(2, 8);

/**
 * A live tail over the WebSocket: every event matching the filter as it is appended. Pausing keeps
 * receiving (the events are counted) and shows them on resume; after a dropped connection (the
 * server restarting, say) the client reconnects after the last event received, so none is lost or
 * shown twice.
 */
export function LiveView({ store }: { store: string }) {
  useTitle('Live', store);
  const { apiKey } = useSession();
  const { query } = useRoute();
  const filter = query.get('filter') || '*';
  const [draft, setDraft] = useState(filter);
  const [events, setEvents] = useState<LiveEvent[]>([]);
  const [received, setReceived] = useState(0);
  const [paused, setPaused] = useState(false);
  const [heldCount, setHeldCount] = useState(0);
  const [resumedWith, setResumedWith] = useState<number | undefined>();
  const [status, setStatus] = useState<Status>({ state: 'connecting' });
  const [opened, setOpened] = useState<LiveEvent | undefined>();
  const pausedRef = useRef(false);
  const held = useRef<LiveEvent[]>([]);
  const [clientId] = useState(() => `console-${randomSuffix()}`);

  useEffect(() => setDraft(filter), [filter]);

  useEffect(() => {
    const controller = new AbortController();
    setEvents([]);
    setReceived(0);
    held.current = [];
    setHeldCount(0);
    setStatus({ state: 'connecting' });
    // The client opens (and reopens) its sockets with this class, which tells the view when one is up.
    class ObservedWebSocket extends WebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener('open', () => !controller.signal.aborted && setStatus({ state: 'live' }));
      }
    }
    const subscription = createClient(apiKey, ObservedWebSocket)
      .store(store)
      .subscribe({
        eventFilter: filter,
        position: 'latest',
        clientId,
        signal: controller.signal,
        onReconnect: ({ attempt, delayMs, code, reason }) =>
          !controller.signal.aborted && setStatus({ state: 'reconnecting', attempt, delayMs, code, reason }),
      });
    void (async () => {
      try {
        for await (const event of subscription) {
          setReceived((count) => count + 1);
          if (pausedRef.current) {
            held.current.push(event);
            setHeldCount(held.current.length);
          } else {
            setEvents((shown) => [event, ...shown].slice(0, MAX_SHOWN));
          }
        }
      } catch (error) {
        if (!controller.signal.aborted) setStatus({ state: 'failed', error });
      }
    })();
    return () => {
      controller.abort();
      subscription.close();
    };
  }, [apiKey, store, filter, clientId]);

  const pause = () => {
    pausedRef.current = true;
    setPaused(true);
    setResumedWith(undefined);
  };
  const resume = () => {
    pausedRef.current = false;
    const waiting = held.current;
    held.current = [];
    setHeldCount(0);
    setPaused(false);
    setResumedWith(waiting.length);
    setEvents((shown) => [...waiting.reverse(), ...shown].slice(0, MAX_SHOWN));
  };

  return (
    <>
      <h2>Live</h2>
      <form
        class="toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          navigate(pathOf(['stores', store, 'live'], { filter: draft.trim() === '*' ? undefined : draft.trim() }));
        }}
      >
        <label class="inline">
          Filter pattern
          <input value={draft} placeholder="*" aria-describedby="filter-hint" onInput={(event) => setDraft(event.currentTarget.value)} />
        </label>
        <button type="submit" class="secondary">
          Apply filter
        </button>
        {paused ? (
          <button type="button" onClick={resume}>
            Resume
          </button>
        ) : (
          <button type="button" onClick={pause}>
            Pause
          </button>
        )}
        <span id="filter-hint" class="hint">
          * (everything), prefix.*, *.suffix or an exact type
        </span>
      </form>
      <p class={`live-status ${status.state}`} role="status" aria-live="polite">
        {describe(status, paused, heldCount)}
      </p>
      {status.state === 'failed' && <ErrorMessage error={status.error} what="The live tail" />}
      {resumedWith !== undefined && !paused && (
        <p class="muted">
          Resumed: {resumedWith} {resumedWith === 1 ? 'event' : 'events'} that arrived while paused {resumedWith === 1 ? 'is' : 'are'}{' '}
          shown.
        </p>
      )}
      <p class="muted">
        Client id <code>{clientId}</code> · {formatNumber(received)} received since opening
        {received > MAX_SHOWN && ` · showing the newest ${MAX_SHOWN}`}
      </p>
      {events.length === 0 && paused && (
        <EmptyState title="Paused.">
          <p>
            {heldCount === 0
              ? 'Events appended meanwhile are held, and shown when you resume.'
              : `Resume to show the ${formatNumber(heldCount)} ${heldCount === 1 ? 'event' : 'events'} held.`}
          </p>
        </EmptyState>
      )}
      {events.length === 0 && !paused && (
        <EmptyState title="Waiting for events…">
          <p>
            Events appear here as they are appended to <strong>{store}</strong>
            {filter !== '*' && (
              <>
                {' '}
                with a type matching <code>{filter}</code>
              </>
            )}
            . Append one from a stream's page, or over the API.
          </p>
        </EmptyState>
      )}
      {events.length > 0 && (
        <table>
          <caption>Live events</caption>
          <thead>
            <tr>
              <th scope="col" class="num">
                Position
              </th>
              <th scope="col">Type</th>
              <th scope="col">Stream</th>
              <th scope="col">Time</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => (
              <tr key={event.globalPosition} class={opened?.globalPosition === event.globalPosition ? 'selected' : undefined}>
                <td class="num">{event.globalPosition}</td>
                <td>
                  <button type="button" class="link" onClick={() => setOpened(event)}>
                    {event.type}
                  </button>
                </td>
                <td>{event.streamId === DCB_STREAM_ID ? <span class="muted">DCB event</span> : event.streamId}</td>
                <td>
                  <time dateTime={event.createdAt}>{formatClock(event.createdAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {opened && (
        <section class="panel" aria-labelledby="live-event-heading">
          <div class="panel-head">
            <h3 id="live-event-heading">{eventHeading(opened, 'global')}</h3>
            <div class="actions">
              <Link href={pathOf(['stores', store, 'events'], { event: opened.globalPosition })} class="button secondary">
                Open with metadata and tags
              </Link>
              <button type="button" class="secondary" onClick={() => setOpened(undefined)}>
                Close event
              </button>
            </div>
          </div>
          <JsonView key={opened.globalPosition} value={opened.data} label="Event data" />
        </section>
      )}
    </>
  );
}

function describe(status: Status, paused: boolean, held: number): string {
  const connection =
    status.state === 'connecting'
      ? 'Connecting…'
      : status.state === 'live'
        ? 'Live: connected, new events appear as they are appended.'
        : status.state === 'reconnecting'
          ? `Connection lost${status.code ? ` (${status.code}${status.reason ? ` ${status.reason}` : ''})` : ''}: reconnecting, attempt ${status.attempt}, in ${Math.round(status.delayMs)} ms. No event will be missed.`
          : 'Stopped.';
  if (!paused) return connection;
  return `Paused: ${held} new ${held === 1 ? 'event' : 'events'} held, shown on resume. ${connection}`;
}
