import {
  type ExpectedStreamVersion,
  type ResponseOf,
  type StoredEvent,
  StreamNotFoundError,
  VersionConflictError,
} from '@event-store-service/client';
import { useEffect, useState } from 'preact/hooks';
import { EmptyState, ErrorMessage, EventDetails, Loading, Notice, Pager } from '../components';
import { formatTime, FormError, parseJsonObject, splitList } from '../format';
import { useAction, useResource, useTitle } from '../hooks';
import { Link, navigate, pathOf, useRoute } from '../router';
import { useSession } from '../session';

type StreamPage = ResponseOf<'readStream', 200>;

const PAGE_SIZE = 50;

/**
 * One stream: its events a page at a time, newest or oldest first, each opening in the event viewer;
 * and the append form. The order, the page and the open event are in the URL.
 */
export function StreamView({ store, streamId }: { store: string; streamId: string }) {
  useTitle(streamId, store);
  const { client, can } = useSession();
  const { query } = useRoute();
  const order = query.get('order') === 'oldest' ? 'oldest' : 'newest';
  const atText = query.get('at');
  const at = atText === null || atText === '' || Number.isNaN(Number(atText)) ? undefined : Number(atText);
  const selectedText = query.get('event');
  const selected = selectedText === null || selectedText === '' ? undefined : Number(selectedText);
  const streamPath = `/event-stores/${encodeURIComponent(store)}/streams/${encodeURIComponent(streamId)}`;

  const go = (changes: { order?: string; at?: number; event?: number }) => {
    const next = { order, at, event: selected, ...changes };
    navigate(
      pathOf(['stores', store, 'streams', streamId], {
        order: next.order === 'oldest' ? 'oldest' : undefined,
        at: next.at,
        event: next.event,
      }),
    );
  };

  const page = useResource(
    async (signal) => {
      try {
        return await client.request<StreamPage>('GET', streamPath, {
          query:
            order === 'newest'
              ? { direction: 'backward', limit: PAGE_SIZE, toStreamPosition: at }
              : { direction: 'forward', limit: PAGE_SIZE, fromStreamPosition: at ?? 0 },
          signal,
        });
      } catch (error) {
        if (error instanceof StreamNotFoundError) return null;
        throw error;
      }
    },
    [store, streamId, order, at],
  );

  const events = page.data?.events ?? [];
  const inPage = selected === undefined ? undefined : events.find((event) => event.streamPosition === selected);
  // An event opened by its URL may lie outside the page shown: fetch it alone.
  const single = useResource(
    async (signal) => {
      if (selected === undefined || inPage) return undefined;
      const found = await client.request<StreamPage>('GET', streamPath, {
        query: { direction: 'forward', limit: 1, fromStreamPosition: selected, toStreamPosition: selected },
        signal,
      });
      return found.events[0] ?? null;
    },
    [store, streamId, selected, Boolean(inPage)],
  );
  const opened: StoredEvent | null | undefined = inPage ?? single.data;

  const version = page.data?.streamVersion ?? 0;
  const first = events[0];
  const last = events.at(-1);
  let onPrevious: (() => void) | undefined;
  let onNext: (() => void) | undefined;
  if (first && last) {
    if (order === 'newest') {
      if (at !== undefined && first.streamPosition < version - 1)
        onPrevious = () => go({ at: first.streamPosition + PAGE_SIZE, event: undefined });
      if (page.data?.hasMore && last.streamPosition > 0) onNext = () => go({ at: last.streamPosition - 1, event: undefined });
    } else {
      if (first.streamPosition > 0 && (at ?? 0) > 0)
        onPrevious = () => go({ at: Math.max(0, first.streamPosition - PAGE_SIZE), event: undefined });
      if (page.data?.hasMore) onNext = () => go({ at: last.streamPosition + 1, event: undefined });
    }
  }
  // A "previous" page past the newest event is simply the first page.
  if (order === 'newest' && onPrevious && first && first.streamPosition + PAGE_SIZE >= version - 1)
    onPrevious = () => go({ at: undefined, event: undefined });

  return (
    <>
      <h2>
        Stream <code>{streamId}</code>
      </h2>
      <p class="muted">
        <Link href={pathOf(['stores', store, 'streams'])}>All streams</Link>
        {page.data && <> · version {version} (events ever appended)</>}
      </p>
      <ErrorMessage error={page.error} what="Loading the stream" />
      {page.data === undefined && page.loading && <Loading what="events" />}
      {page.data === null && (
        <EmptyState title="This stream has no events yet.">
          <p>
            {can('write')
              ? 'Append its first event with the form below; the stream is created by that append.'
              : 'It is created by its first append, which needs a key with the write scope.'}
          </p>
        </EmptyState>
      )}
      {page.data && (
        <div class="toolbar">
          <label class="inline" for="stream-order">
            Order
          </label>
          <select
            id="stream-order"
            value={order}
            onChange={(event) => go({ order: event.currentTarget.value, at: undefined, event: undefined })}
          >
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
          </select>
          <button type="button" class="secondary" onClick={page.reload}>
            Refresh
          </button>
        </div>
      )}
      {page.data && events.length === 0 && (
        <EmptyState title="No events on this page.">
          <p>Retention may have deleted them. Go to the first page.</p>
        </EmptyState>
      )}
      {page.data && events.length > 0 && (
        <>
          <table>
            <caption>Events of {streamId}</caption>
            <thead>
              <tr>
                <th scope="col" class="num">
                  Position
                </th>
                <th scope="col">Type</th>
                <th scope="col">Time</th>
                <th scope="col" class="num">
                  Global position
                </th>
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.eventId} class={event.streamPosition === selected ? 'selected' : undefined}>
                  <td class="num">{event.streamPosition}</td>
                  <td>
                    <Link
                      href={pathOf(['stores', store, 'streams', streamId], {
                        order: order === 'oldest' ? 'oldest' : undefined,
                        at,
                        event: event.streamPosition,
                      })}
                      aria-current={event.streamPosition === selected ? 'true' : undefined}
                    >
                      {event.type}
                    </Link>
                  </td>
                  <td>
                    <time dateTime={event.createdAt}>{formatTime(event.createdAt)}</time>
                  </td>
                  <td class="num">{event.globalPosition}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            label="Event pages"
            summary={`Positions ${Math.min(first.streamPosition, last!.streamPosition)} to ${Math.max(first.streamPosition, last!.streamPosition)}, of ${version} ${version === 1 ? 'event' : 'events'} ever appended`}
            onPrevious={onPrevious}
            onNext={onNext}
          />
        </>
      )}
      <ErrorMessage error={single.error} what="Loading the event" />
      {selected !== undefined && opened === null && (
        <EmptyState title={`No event at position ${selected}.`}>
          <p>It was never appended, or retention deleted it.</p>
        </EmptyState>
      )}
      {opened && <EventDetails event={opened} onClose={() => go({ event: undefined })} />}
      {can('write') && (
        <AppendForm
          store={store}
          streamId={streamId}
          version={page.data === null ? null : page.data?.streamVersion}
          onAppended={(streamPosition) => {
            // Show the newest page, with the event just appended open.
            navigate(pathOf(['stores', store, 'streams', streamId], { event: streamPosition }));
            page.reload();
          }}
          onStale={page.reload}
        />
      )}
    </>
  );
}

function parseExpected(text: string): ExpectedStreamVersion | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  if (value === 'any' || value === 'no_stream' || value === 'stream_exists') return value;
  if (/^\d+$/.test(value)) return Number(value);
  throw new FormError('Expected version must be a number, any, no_stream or stream_exists');
}

/**
 * Appends one event. The expected version starts at the stream's version as shown, so an append
 * made on a stale page is refused with a version conflict instead of silently landing after
 * events the user has not seen.
 */
function AppendForm(props: {
  store: string;
  streamId: string;
  version: number | null | undefined;
  onAppended: (position: number) => void;
  onStale: () => void;
}) {
  const { client } = useSession();
  const [type, setType] = useState('');
  const [data, setData] = useState('{\n  \n}');
  const [metadata, setMetadata] = useState('');
  const [tags, setTags] = useState('');
  const [expected, setExpected] = useState('');
  const [touched, setTouched] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();
  const shownVersion = props.version === null ? 'no_stream' : props.version === undefined ? '' : String(props.version);
  useEffect(() => {
    if (!touched) setExpected(shownVersion);
  }, [shownVersion, touched]);

  const append = useAction(async () => {
    setNotice(undefined);
    if (type.trim() === '') throw new FormError('Enter the event type');
    const event = {
      type: type.trim(),
      data: parseJsonObject(data, 'Data'),
      ...(metadata.trim() !== '' && { metadata: parseJsonObject(metadata, 'Metadata') }),
      ...(splitList(tags).length > 0 && { tags: splitList(tags) }),
    };
    const expectedStreamVersion = parseExpected(expected);
    const result = await client
      .store(props.store)
      .appendToStream(props.streamId, [event], expectedStreamVersion === undefined ? {} : { expectedStreamVersion });
    setNotice(`Appended ${event.type} at stream position ${result.streamVersion - 1} (global position ${result.globalPosition}).`);
    setTouched(false);
    props.onAppended(result.streamVersion - 1);
  });

  const conflict = append.error instanceof VersionConflictError ? append.error : undefined;
  return (
    <section class="panel" aria-labelledby="append-heading">
      <h3 id="append-heading">Append an event</h3>
      <form
        class="form grid"
        onSubmit={(event) => {
          event.preventDefault();
          void append.run();
        }}
      >
        <label>
          Event type
          <input name="type" required value={type} placeholder="order.created" onInput={(event) => setType(event.currentTarget.value)} />
        </label>
        <div class="field">
          <label>
            Expected version
            <input
              name="expectedVersion"
              value={expected}
              aria-describedby="expected-hint"
              onInput={(event) => {
                setTouched(true);
                setExpected(event.currentTarget.value);
              }}
            />
          </label>
          <span id="expected-hint" class="hint">
            The stream's version as you saw it; or any, no_stream, stream_exists
          </span>
        </div>
        <label class="wide">
          Data (JSON)
          <textarea name="data" rows={6} spellcheck={false} value={data} onInput={(event) => setData(event.currentTarget.value)} />
        </label>
        <label class="wide">
          Metadata (JSON, optional)
          <textarea
            name="metadata"
            rows={3}
            spellcheck={false}
            value={metadata}
            placeholder='{ "correlationId": "…" }'
            onInput={(event) => setMetadata(event.currentTarget.value)}
          />
        </label>
        <label class="wide">
          Tags (comma-separated, optional)
          <input name="tags" value={tags} placeholder="customer:c-7, order:1001" onInput={(event) => setTags(event.currentTarget.value)} />
        </label>
        <div class="actions wide">
          <button type="submit" disabled={append.busy}>
            Append event
          </button>
        </div>
      </form>
      {notice && <Notice>{notice}</Notice>}
      {conflict ? (
        <div class="error" role="alert">
          <p>
            <strong>Version conflict:</strong> you expected version {String(conflict.expectedStreamVersion)}, but the stream is at version{' '}
            {String(conflict.streamVersion)}. Someone appended since you looked: nothing was written. Read the new events, then append
            again. <code class="code">{conflict.code}</code>
          </p>
          <button
            type="button"
            class="secondary"
            onClick={() => {
              setExpected(String(conflict.streamVersion ?? ''));
              setTouched(true);
              append.clearError();
              props.onStale();
            }}
          >
            Show the new events and expect version {String(conflict.streamVersion)}
          </button>
        </div>
      ) : (
        <ErrorMessage error={append.error} what="Appending" />
      )}
    </section>
  );
}
