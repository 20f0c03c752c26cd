import { useEffect, useState } from 'preact/hooks';
import { EmptyState, ErrorMessage, Loading, Pager } from '../components';
import { formatBytes, formatNumber, formatTime } from '../format';
import { useResource, useTitle } from '../hooks';
import { Link, navigate, pathOf, useRoute } from '../router';
import { useSession } from '../session';

const PAGE_SIZE = 50;

/** A store's streams, newest last, filtered by type and by whether they still hold events. */
export function StreamsView({ store }: { store: string }) {
  useTitle('Streams', store);
  const { client, can } = useSession();
  const { query } = useRoute();
  const streamType = query.get('type') ?? '';
  const hasEvents = query.get('hasEvents') === 'true';
  const offset = Math.max(0, Number(query.get('offset')) || 0);
  const [typeText, setTypeText] = useState(streamType);
  const [openId, setOpenId] = useState('');

  const go = (changes: { type?: string; hasEvents?: boolean; offset?: number }, replace = false) => {
    const next = { type: streamType, hasEvents, offset: 0, ...changes };
    navigate(
      pathOf(['stores', store, 'streams'], {
        type: next.type,
        hasEvents: next.hasEvents ? 'true' : undefined,
        offset: next.offset || undefined,
      }),
      {
        replace,
      },
    );
  };

  useEffect(() => setTypeText(streamType), [streamType]);
  useEffect(() => {
    if (typeText === streamType) return;
    const timer = setTimeout(() => go({ type: typeText }, true), 250);
    return () => clearTimeout(timer);
  }, [typeText]);

  const streams = useResource(
    (signal) =>
      client.store(store).listStreamsPage({
        limit: PAGE_SIZE,
        offset,
        ...(streamType && { streamType }),
        ...(hasEvents && { hasEvents: true }),
        signal,
      }),
    [store, streamType, hasEvents, offset],
  );

  const page = streams.data;
  const filtered = streamType !== '' || hasEvents;
  return (
    <>
      <h2>Streams</h2>
      <div class="toolbar">
        <label class="inline">
          Stream type
          <input type="search" value={typeText} placeholder="order" onInput={(event) => setTypeText(event.currentTarget.value)} />
        </label>
        <label class="inline checkbox">
          <input type="checkbox" checked={hasEvents} onChange={(event) => go({ hasEvents: event.currentTarget.checked })} />
          Only streams with events
        </label>
        <form
          class="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (openId.trim() !== '') navigate(pathOf(['stores', store, 'streams', openId.trim()]));
          }}
        >
          <label class="inline">
            Stream id
            <input value={openId} placeholder="order-1001" onInput={(event) => setOpenId(event.currentTarget.value)} />
          </label>
          <button type="submit" class="secondary">
            Open stream
          </button>
        </form>
      </div>
      <ErrorMessage error={streams.error} what="Loading the streams" />
      {!page && streams.loading && <Loading what="streams" />}
      {page && page.streams.length === 0 && (
        <EmptyState title={filtered ? 'No stream matches these filters.' : 'This store has no streams yet.'}>
          {filtered ? (
            <p>
              <Link href={pathOf(['stores', store, 'streams'])}>Clear the filters</Link>
            </p>
          ) : can('write') ? (
            <p>Enter a stream id above and open it: its page has a form that appends the stream's first event.</p>
          ) : (
            <p>Streams appear when events are appended to them (appending needs a key with the write scope).</p>
          )}
        </EmptyState>
      )}
      {page && page.streams.length > 0 && (
        <>
          <table>
            <caption>Streams of {store}</caption>
            <thead>
              <tr>
                <th scope="col">Stream</th>
                <th scope="col">Type</th>
                <th scope="col" class="num">
                  Version
                </th>
                <th scope="col" class="num">
                  Last position
                </th>
                <th scope="col" class="num">
                  Size
                </th>
                <th scope="col">Updated</th>
              </tr>
            </thead>
            <tbody>
              {page.streams.map((stream) => (
                <tr key={stream.streamId}>
                  <td>
                    <Link href={pathOf(['stores', store, 'streams', stream.streamId])}>{stream.streamId}</Link>
                  </td>
                  <td>{stream.streamType}</td>
                  <td class="num">{formatNumber(stream.streamVersion)}</td>
                  <td class="num">{formatNumber(stream.lastGlobalPosition)}</td>
                  <td class="num">{formatBytes(stream.sizeBytes)}</td>
                  <td>{formatTime(stream.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            label="Stream pages"
            summary={`${offset + 1}–${offset + page.streams.length} of ${page.pagination.total}`}
            onPrevious={offset > 0 ? () => go({ offset: Math.max(0, offset - PAGE_SIZE) }) : undefined}
            onNext={page.pagination.hasMore ? () => go({ offset: offset + PAGE_SIZE }) : undefined}
          />
        </>
      )}
    </>
  );
}
