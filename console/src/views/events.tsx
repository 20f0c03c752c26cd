import type { ResponseOf, StoredEvent } from '@event-store-service/client';
import { useEffect, useState } from 'preact/hooks';
import { DCB_STREAM_ID, EmptyState, ErrorMessage, Loading, Pager } from '../components';
import { EventDetails } from '../event-details';
import { formatTime, splitList, zoneOf } from '../format';
import { useAction, useResource, useTitle } from '../hooks';
import { Link, navigate, pathOf, useRoute } from '../router';
import { useSession } from '../session';

type EventsPage = ResponseOf<'readEvents', 200>;

const PAGE_SIZE = 50;

interface Filters {
  types: string;
  streams: string;
  /** ISO instants, as the URL keeps them. */
  after: string;
  before: string;
  order: 'oldest' | 'newest';
}

/** `2026-11-24T15:23:01.042` in local time, as a datetime-local input (to the millisecond) shows an ISO instant. */
function toLocalInput(iso: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 23);
}

const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : '');

/** The store's events across streams: by type pattern, streams and time, oldest or newest first. */
export function EventsView({ store }: { store: string }) {
  useTitle('Events', store);
  const { client } = useSession();
  const { query } = useRoute();
  const filters: Filters = {
    types: query.get('types') ?? '',
    streams: query.get('streams') ?? '',
    after: query.get('after') ?? '',
    before: query.get('before') ?? '',
    order: query.get('order') === 'newest' ? 'newest' : 'oldest',
  };
  const fromText = query.get('from');
  const from = fromText ? Number(fromText) : undefined;
  const selectedText = query.get('event');
  const selected = selectedText ? Number(selectedText) : undefined;
  const [draft, setDraft] = useState(filters);
  const key = JSON.stringify(filters);
  useEffect(() => setDraft(filters), [key]);

  const eventsPath = `/event-stores/${encodeURIComponent(store)}/events`;
  const urlOf = (next: Filters, position?: number, event?: number) =>
    pathOf(['stores', store, 'events'], {
      types: next.types,
      streams: next.streams,
      after: next.after,
      before: next.before,
      order: next.order === 'newest' ? 'newest' : undefined,
      from: position,
      event,
    });
  const read = (position: number | undefined, direction: 'forward' | 'backward', signal?: AbortSignal) =>
    client.request<EventsPage>('GET', eventsPath, {
      query: {
        types: splitList(filters.types).join(',') || undefined,
        streams: splitList(filters.streams).join(',') || undefined,
        after: filters.after || undefined,
        before: filters.before || undefined,
        direction,
        fromGlobalPosition: position,
        limit: PAGE_SIZE,
      },
      signal,
    });

  const direction = filters.order === 'newest' ? 'backward' : 'forward';
  const page = useResource((signal) => read(from, direction, signal), [store, key, from]);
  const events = page.data?.events ?? [];
  const inPage = events.find((event) => event.globalPosition === selected);
  const single = useResource(
    async (signal) => {
      if (selected === undefined || inPage) return undefined;
      const found = await client.request<EventsPage>('GET', eventsPath, { query: { fromGlobalPosition: selected, limit: 1 }, signal });
      return found.events.find((event) => event.globalPosition === selected) ?? null;
    },
    [store, selected, Boolean(inPage)],
  );
  const opened: StoredEvent | null | undefined = inPage ?? single.data;

  // The previous page is read backwards from just before this one, then shown in this page's order.
  const previous = useAction(async () => {
    const first = events[0];
    if (!first) return;
    const before = await read(
      filters.order === 'newest' ? first.globalPosition + 1 : first.globalPosition - 1,
      filters.order === 'newest' ? 'forward' : 'backward',
    );
    const earliest = before.events.at(-1);
    navigate(urlOf(filters, earliest && before.hasMore ? earliest.globalPosition : undefined));
  });

  const last = events.at(-1);
  const apply = (event: Event) => {
    event.preventDefault();
    navigate(urlOf(draft));
  };
  const filtered = filters.types || filters.streams || filters.after || filters.before;
  return (
    <>
      <h2>Events</h2>
      <form class="form filters" onSubmit={apply} aria-label="Event filters">
        <div class="field">
          <label>
            Types
            <input
              value={draft.types}
              placeholder="order.*, *.created"
              aria-describedby="types-hint"
              onInput={(event) => setDraft({ ...draft, types: event.currentTarget.value })}
            />
          </label>
          <span id="types-hint" class="hint">
            Comma-separated; patterns *, prefix.*, *.suffix
          </span>
        </div>
        <label>
          Streams
          <input
            value={draft.streams}
            placeholder="order-1001, order-1002"
            onInput={(event) => setDraft({ ...draft, streams: event.currentTarget.value })}
          />
        </label>
        <label>
          After
          <input
            type="datetime-local"
            step="0.001"
            aria-describedby="time-zone-hint"
            value={toLocalInput(draft.after)}
            onInput={(event) => setDraft({ ...draft, after: fromLocalInput(event.currentTarget.value) })}
          />
        </label>
        <label>
          Before
          <input
            type="datetime-local"
            step="0.001"
            aria-describedby="time-zone-hint"
            value={toLocalInput(draft.before)}
            onInput={(event) => setDraft({ ...draft, before: fromLocalInput(event.currentTarget.value) })}
          />
        </label>
        <span id="time-zone-hint" class="hint wide">
          Times are in your time zone ({zoneOf(new Date())}), to the millisecond; both bounds exclusive
        </span>
        <div class="field">
          {/* Labelled with for=, not by nesting: a label around a select would take in its options' text. */}
          <label for="events-order">Order</label>
          <select
            id="events-order"
            value={draft.order}
            onChange={(event) => setDraft({ ...draft, order: event.currentTarget.value === 'newest' ? 'newest' : 'oldest' })}
          >
            <option value="oldest">Oldest first</option>
            <option value="newest">Newest first</option>
          </select>
        </div>
        <div class="actions">
          <button type="submit">Apply filters</button>
          {filtered && (
            <Link href={pathOf(['stores', store, 'events'])} class="button secondary">
              Clear filters
            </Link>
          )}
        </div>
      </form>
      <ErrorMessage error={page.error} what="Reading events" />
      <ErrorMessage error={previous.error} what="Reading the previous page" />
      {!page.data && page.loading && <Loading what="events" />}
      {page.data && events.length === 0 && (
        <EmptyState title={filtered ? 'No event matches these filters.' : 'This store has no events yet.'}>
          <p>
            {filtered
              ? 'Widen the filters: a type pattern such as order.* matches every type starting with "order.".'
              : 'Events appear here once appended, to a stream (see Streams) or as DCB events.'}
          </p>
        </EmptyState>
      )}
      {events.length > 0 && (
        <>
          <table>
            <caption>Events of {store}</caption>
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
                <tr key={event.eventId} class={event.globalPosition === selected ? 'selected' : undefined}>
                  <td class="num">{event.globalPosition}</td>
                  <td>
                    <Link
                      href={urlOf(filters, from, event.globalPosition)}
                      aria-current={event.globalPosition === selected ? 'true' : undefined}
                    >
                      {event.type}
                    </Link>
                  </td>
                  <td>
                    {event.streamId === DCB_STREAM_ID ? (
                      <span class="muted">DCB event</span>
                    ) : (
                      <Link href={pathOf(['stores', store, 'streams', event.streamId])}>{event.streamId}</Link>
                    )}
                  </td>
                  <td>
                    <time dateTime={event.createdAt}>{formatTime(event.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            label="Event pages"
            summary={`${events.length} ${events.length === 1 ? 'event' : 'events'}, positions ${events[0].globalPosition} to ${last!.globalPosition}`}
            onFirst={from !== undefined ? () => navigate(urlOf(filters)) : undefined}
            onPrevious={from !== undefined && !previous.busy ? () => void previous.run() : undefined}
            onNext={
              page.data?.hasMore && last
                ? () => navigate(urlOf(filters, filters.order === 'newest' ? last.globalPosition - 1 : last.globalPosition + 1))
                : undefined
            }
          />
        </>
      )}
      <ErrorMessage error={single.error} what="Loading the event" />
      {opened && <EventDetails event={opened} onClose={() => navigate(urlOf(filters, from))} />}
    </>
  );
}
