import type { DcbQueryItem, ResponseOf, StoredEvent } from '@event-store-service/client';
import { useEffect, useState } from 'preact/hooks';
import { EmptyState, ErrorMessage, Loading } from '../components';
import { EventDetails } from '../event-details';
import { formatTime, splitList } from '../format';
import { useAction, useResource, useTitle } from '../hooks';
import { navigate, pathOf, useRoute } from '../router';
import { useSession } from '../session';

type QueryPage = ResponseOf<'queryEvents', 200>;

const PAGE_SIZE = 100;

interface DraftItem {
  types: string;
  tags: string;
}

function itemsFromUrl(text: string | null): DcbQueryItem[] {
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.map((item: { types?: unknown; tags?: unknown }) => ({
      ...(Array.isArray(item.types) && { types: item.types.map(String) }),
      ...(Array.isArray(item.tags) && { tags: item.tags.map(String) }),
    }));
  } catch {
    return [];
  }
}

const toDraft = (items: DcbQueryItem[]): DraftItem[] =>
  items.length === 0
    ? [{ types: '', tags: '' }]
    : items.map((item) => ({ types: (item.types ?? []).join(', '), tags: (item.tags ?? []).join(', ') }));

const fromDraft = (items: DraftItem[]): DcbQueryItem[] =>
  items
    .map((item) => ({
      ...(splitList(item.types).length > 0 && { types: splitList(item.types) }),
      ...(splitList(item.tags).length > 0 && { tags: splitList(item.tags) }),
    }))
    .filter((item) => item.types || item.tags);

/**
 * A Dynamic Consistency Boundary query: events matching any item (an item: one of its types and
 * all of its tags) after a position, and the `lastPosition` an append condition would start from.
 */
export function QueryView({ store }: { store: string }) {
  useTitle('Query', store);
  const { client } = useSession();
  const { query } = useRoute();
  const qText = query.get('q');
  const items = itemsFromUrl(qText);
  const after = Math.max(0, Number(query.get('after')) || 0);
  const ran = query.get('run') === '1';
  const [draft, setDraft] = useState<DraftItem[]>(() => toDraft(items));
  const [afterText, setAfterText] = useState(String(after));
  const [more, setMore] = useState<QueryPage[]>([]);
  const [opened, setOpened] = useState<StoredEvent | undefined>();
  useEffect(() => {
    setDraft(toDraft(items));
    setAfterText(String(after));
    setMore([]);
    setOpened(undefined);
  }, [qText, after]);

  const run = (from: number, signal?: AbortSignal) =>
    client.request<QueryPage>('POST', `/event-stores/${encodeURIComponent(store)}/query`, {
      body: { ...(items.length > 0 && { query: { items } }), after: from, limit: PAGE_SIZE },
      signal,
    });
  const first = useResource(async (signal) => (ran ? run(after, signal) : undefined), [store, qText, after, ran]);
  const pages = first.data ? [first.data, ...more] : [];
  const events = pages.flatMap((page) => page.events);
  const lastPage = pages.at(-1);
  const loadMore = useAction(async () => {
    if (!lastPage) return;
    const next = await run(lastPage.lastPosition);
    setMore((previous) => [...previous, next]);
  });

  const submit = (event: Event) => {
    event.preventDefault();
    const built = fromDraft(draft);
    navigate(
      pathOf(['stores', store, 'query'], {
        q: built.length > 0 ? JSON.stringify(built) : undefined,
        after: Number(afterText) || undefined,
        run: 1,
      }),
    );
    // The same query again runs again.
    if (JSON.stringify(built) === JSON.stringify(items) && (Number(afterText) || 0) === after) first.reload();
  };

  return (
    <>
      <h2>Query (DCB)</h2>
      <p class="muted">
        An event matches an item when its type is one of the item's types (any type if none) and it carries every one of the item's tags; it
        matches the query when it matches any item. No item matches every event.
      </p>
      <form class="form" onSubmit={submit} aria-label="DCB query">
        {draft.map((item, index) => (
          <fieldset key={index} class="item">
            <legend>Item {index + 1}</legend>
            <label>
              Types
              <input
                value={item.types}
                placeholder="course.defined, student.subscribed"
                onInput={(event) => setDraft(draft.map((d, i) => (i === index ? { ...d, types: event.currentTarget.value } : d)))}
              />
            </label>
            <label>
              Tags
              <input
                value={item.tags}
                placeholder="course:c1"
                onInput={(event) => setDraft(draft.map((d, i) => (i === index ? { ...d, tags: event.currentTarget.value } : d)))}
              />
            </label>
            {draft.length > 1 && (
              <button type="button" class="secondary small" onClick={() => setDraft(draft.filter((_, i) => i !== index))}>
                Remove item {index + 1}
              </button>
            )}
          </fieldset>
        ))}
        <div class="actions">
          <button type="button" class="secondary" onClick={() => setDraft([...draft, { types: '', tags: '' }])}>
            Add item
          </button>
        </div>
        <label class="narrow-field">
          After position
          <input inputMode="numeric" value={afterText} onInput={(event) => setAfterText(event.currentTarget.value)} />
        </label>
        <div class="actions">
          <button type="submit">Run query</button>
        </div>
      </form>
      <ErrorMessage error={first.error} what="The query" />
      {first.loading && ran && !first.data && <Loading what="matching events" />}
      {!ran && (
        <EmptyState title="Build a query and run it.">
          <p>For example types course.defined and student.subscribed with tag course:c1: everything a decision about course c1 needs.</p>
        </EmptyState>
      )}
      {lastPage && (
        <section aria-labelledby="query-result-heading">
          <h3 id="query-result-heading">Result</h3>
          <p role="status">
            {events.length} matching {events.length === 1 ? 'event' : 'events'}
            {lastPage.hasMore ? ' so far' : ''}; <strong>lastPosition</strong>{' '}
            <code data-testid="last-position">{lastPage.lastPosition}</code>{' '}
            <span class="muted">(the after of an append condition made on this result)</span>
          </p>
          {events.length === 0 ? (
            <EmptyState title="No event matches this query.">
              <p>Check the types and tags: a tag must match exactly (course:c1), and an item with several tags needs all of them.</p>
            </EmptyState>
          ) : (
            <table>
              <caption>Matching events</caption>
              <thead>
                <tr>
                  <th scope="col" class="num">
                    Position
                  </th>
                  <th scope="col">Type</th>
                  <th scope="col">Tags</th>
                  <th scope="col">Time</th>
                </tr>
              </thead>
              <tbody>
                {events.map((event) => (
                  <tr key={event.eventId} class={opened?.eventId === event.eventId ? 'selected' : undefined}>
                    <td class="num">{event.globalPosition}</td>
                    <td>
                      <button type="button" class="link" onClick={() => setOpened(event)}>
                        {event.type}
                      </button>
                    </td>
                    <td>{(event.tags ?? []).join(', ') || '—'}</td>
                    <td>
                      <time dateTime={event.createdAt}>{formatTime(event.createdAt)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {lastPage.hasMore && (
            <button type="button" class="secondary" disabled={loadMore.busy} onClick={() => void loadMore.run()}>
              Load more
            </button>
          )}
          <ErrorMessage error={loadMore.error} what="Loading more" />
        </section>
      )}
      {opened && <EventDetails event={opened} onClose={() => setOpened(undefined)} />}
    </>
  );
}
