import { type ResponseOf, type StoredEvent, StreamNotFoundError } from '@event-store-service/client';
import { EmptyState, ErrorMessage, Loading, Pager } from '../components';
import { EventDetails } from '../event-details';
import { formatTime } from '../format';
import { useResource, useTitle } from '../hooks';
import { Link, navigate, pathOf, useRoute } from '../router';
import { useSession } from '../session';
import { AppendForm } from './append-form';
import { GoToPosition, PAGE_SIZE, type PageLink, pageLinks } from './stream-paging';

type StreamPage = ResponseOf<'readStream', 200>;

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
  const links = first && last ? pageLinks(order, at, version, first.streamPosition, last.streamPosition, Boolean(page.data?.hasMore)) : {};
  const to = (target: PageLink | undefined) => target && (() => go({ at: target.at, event: undefined }));

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
          <GoToPosition version={version} onGo={(position) => go({ at: position, event: position })} />
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
            jumps
            onFirst={to(links.first)}
            onPrevious={to(links.previous)}
            onNext={to(links.next)}
            onLast={to(links.last)}
          />
        </>
      )}
      <ErrorMessage error={single.error} what="Loading the event" />
      {selected !== undefined && opened === null && (
        <EmptyState title={`No event at position ${selected}.`}>
          <p>It was never appended, or retention deleted it.</p>
        </EmptyState>
      )}
      {opened && <EventDetails event={opened} by="stream" onClose={() => go({ event: undefined })} />}
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
