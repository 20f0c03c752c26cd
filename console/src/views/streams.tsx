import { useEffect, useState } from 'preact/hooks';
import { EmptyState, ErrorMessage, Loading, Pager } from '../components';
import { formatBytes, formatNumber, formatTime } from '../format';
import { useResource, useTitle } from '../hooks';
import { Link, navigate, pathOf, useRoute } from '../router';
import { useSession } from '../session';

const PAGE_SIZE = 50;

type Sort = 'updated' | 'created';

interface Filters {
  /** A part of the stream id. */
  filter: string;
  type: string;
  hasEvents: boolean;
  sort: Sort;
  offset: number;
}

/**
 * A store's streams, the one appended to last first (or the oldest first), found by a part of their
 * id, filtered by type and by whether they still hold events; paged, with jumps to either end.
 */
export function StreamsView({ store }: { store: string }) {
  useTitle('Streams', store);
  const { client, can } = useSession();
  const { query } = useRoute();
  const current: Filters = {
    filter: query.get('filter') ?? '',
    type: query.get('type') ?? '',
    hasEvents: query.get('hasEvents') === 'true',
    sort: query.get('sort') === 'created' ? 'created' : 'updated',
    offset: Math.max(0, Number(query.get('offset')) || 0),
  };
  const { filter, type: streamType, hasEvents, sort, offset } = current;
  const [typeText, setTypeText] = useState(streamType);
  const [filterText, setFilterText] = useState(filter);
  const [openId, setOpenId] = useState('');

  const go = (changes: Partial<Filters>, replace = false) => {
    const next = { ...current, offset: 0, ...changes };
    navigate(
      pathOf(['stores', store, 'streams'], {
        filter: next.filter,
        type: next.type,
        hasEvents: next.hasEvents ? 'true' : undefined,
        sort: next.sort === 'created' ? 'created' : undefined,
        offset: next.offset || undefined,
      }),
      { replace },
    );
  };

  // Typing filters as it goes, once the typing pauses.
  useEffect(() => setTypeText(streamType), [streamType]);
  useEffect(() => setFilterText(filter), [filter]);
  useEffect(() => {
    if (typeText === streamType && filterText === filter) return;
    const timer = setTimeout(() => go({ type: typeText, filter: filterText }, true), 250);
    return () => clearTimeout(timer);
  }, [typeText, filterText]);

  const streams = useResource(
    (signal) =>
      client.store(store).listStreamsPage({
        limit: PAGE_SIZE,
        offset,
        sort,
        ...(filter && { filter }),
        ...(streamType && { streamType }),
        ...(hasEvents && { hasEvents: true }),
        signal,
      }),
    [store, filter, streamType, hasEvents, sort, offset],
  );

  const page = streams.data;
  const filtered = filter !== '' || streamType !== '' || hasEvents;
  const total = page?.pagination.total ?? 0;
  const lastOffset = Math.max(0, Math.floor((total - 1) / PAGE_SIZE) * PAGE_SIZE);
  return (
    <>
      <h2>Streams</h2>
      <div class="toolbar">
        <label class="inline">
          Id contains
          <input type="search" value={filterText} placeholder="1001" onInput={(event) => setFilterText(event.currentTarget.value)} />
        </label>
        <label class="inline">
          Stream type
          <input type="search" value={typeText} placeholder="order" onInput={(event) => setTypeText(event.currentTarget.value)} />
        </label>
        <label class="inline checkbox">
          <input type="checkbox" checked={hasEvents} onChange={(event) => go({ hasEvents: event.currentTarget.checked })} />
          Only streams with events
        </label>
        <label class="inline" for="streams-sort">
          Sort
        </label>
        <select
          id="streams-sort"
          value={sort}
          onChange={(event) => go({ sort: event.currentTarget.value === 'created' ? 'created' : 'updated' })}
        >
          <option value="updated">Last appended to first</option>
          <option value="created">Oldest first</option>
        </select>
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
                <th scope="col">Last append</th>
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
            jumps
            summary={`Page ${formatNumber(Math.floor(offset / PAGE_SIZE) + 1)} of ${formatNumber(lastOffset / PAGE_SIZE + 1)}: streams ${formatNumber(offset + 1)}–${formatNumber(offset + page.streams.length)} of ${formatNumber(total)}`}
            onFirst={offset > 0 ? () => go({ offset: 0 }) : undefined}
            onPrevious={offset > 0 ? () => go({ offset: Math.max(0, offset - PAGE_SIZE) }) : undefined}
            onNext={page.pagination.hasMore ? () => go({ offset: offset + PAGE_SIZE }) : undefined}
            onLast={offset < lastOffset ? () => go({ offset: lastOffset }) : undefined}
          />
        </>
      )}
    </>
  );
}
