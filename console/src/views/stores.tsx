import type { EventStoreDetails, EventStoreInfo } from '@event-store-service/client';
import { useEffect, useState } from 'preact/hooks';
import { ConfirmDialog, EmptyState, ErrorMessage, Loading, Notice, Pager } from '../components';
import { formatNumber, formatTime, FormError } from '../format';
import { useAction, useResource, useTitle } from '../hooks';
import { Link, navigate, pathOf, useRoute } from '../router';
import { useSession } from '../session';

const PAGE_SIZE = 20;

/** The tenant's stores with their statistics; create and delete with the admin scope. */
export function StoresView() {
  useTitle('Stores');
  const { client, can } = useSession();
  const { query } = useRoute();
  const filter = query.get('filter') ?? '';
  const offset = Math.max(0, Number(query.get('offset')) || 0);
  const [filterText, setFilterText] = useState(filter);
  const [deleting, setDeleting] = useState<EventStoreInfo | null>(null);
  const [notice, setNotice] = useState<string | undefined>();

  // The filter follows typing after a pause, and lives in the URL (which may also change it: back, a link).
  useEffect(() => setFilterText(filter), [filter]);
  useEffect(() => {
    if (filterText === filter) return;
    const timer = setTimeout(() => navigate(pathOf(['stores'], { filter: filterText }), { replace: true }), 250);
    return () => clearTimeout(timer);
  }, [filterText]);

  const stores = useResource(
    async (signal) => {
      const page = await client.listStoresPage({ filter: filter || undefined, limit: PAGE_SIZE, offset, signal });
      // The list carries no statistics: each store's details do (one indexed row each).
      const details = await Promise.all(page.eventStores.map((store) => client.getStore(store.id, { signal }).catch(() => null)));
      return { ...page, details: new Map(details.filter((d): d is EventStoreDetails => d !== null).map((d) => [d.id, d])) };
    },
    [filter, offset],
  );

  const remove = useAction(async (store: EventStoreInfo) => {
    await client.deleteStore(store.id);
    setDeleting(null);
    setNotice(`Deleted the store ${store.name} and everything in it.`);
    stores.reload();
  });

  const page = stores.data;
  return (
    <>
      <h1 tabIndex={-1}>Event stores</h1>
      {notice && <Notice>{notice}</Notice>}
      <div class="toolbar">
        <label class="inline">
          Filter by name
          <input
            type="search"
            value={filterText}
            onInput={(event) => setFilterText(event.currentTarget.value)}
            placeholder="part of a name"
          />
        </label>
      </div>
      <ErrorMessage error={stores.error} what="Loading the stores" />
      {!page && stores.loading && <Loading what="stores" />}
      {page && page.eventStores.length === 0 && filter === '' && offset === 0 && (
        <EmptyState title="No stores yet.">
          {can('admin') ? (
            <p>
              Create the first one with the form below: a store holds streams of events, and every view of this console is about one store.
            </p>
          ) : (
            <p>Creating a store needs an API key with the admin scope: ask an operator, or sign in with such a key.</p>
          )}
        </EmptyState>
      )}
      {page && page.eventStores.length === 0 && (filter !== '' || offset > 0) && (
        <EmptyState title={filter ? `No store name contains “${filter}”.` : 'No stores on this page.'}>
          <p>
            <Link href="/stores">Show all stores</Link>
          </p>
        </EmptyState>
      )}
      {page && page.eventStores.length > 0 && (
        <>
          <table>
            <caption>Event stores</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" class="num">
                  Events
                </th>
                <th scope="col" class="num">
                  Streams
                </th>
                <th scope="col">Newest event</th>
                <th scope="col">Created</th>
                {can('admin') && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {page.eventStores.map((store) => {
                const details = page.details.get(store.id);
                return (
                  <tr key={store.id}>
                    <td>
                      <Link href={pathOf(['stores', store.name])}>{store.name}</Link>
                      {store.description && <div class="muted small">{store.description}</div>}
                    </td>
                    <td class="num">{formatNumber(details?.statistics.totalEvents)}</td>
                    <td class="num">{formatNumber(details?.statistics.totalStreams)}</td>
                    <td>{formatTime(details?.statistics.newestEventTimestamp)}</td>
                    <td>{formatTime(store.createdAt)}</td>
                    {can('admin') && (
                      <td>
                        <button
                          type="button"
                          class="danger small"
                          aria-label={`Delete store ${store.name}`}
                          onClick={() => setDeleting(store)}
                        >
                          Delete
                        </button>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Pager
            label="Store pages"
            summary={`${offset + 1}–${offset + page.eventStores.length} of ${page.totalCount}`}
            onPrevious={offset > 0 ? () => navigate(pathOf(['stores'], { filter, offset: Math.max(0, offset - PAGE_SIZE) })) : undefined}
            onNext={
              offset + page.eventStores.length < page.totalCount
                ? () => navigate(pathOf(['stores'], { filter, offset: offset + PAGE_SIZE }))
                : undefined
            }
          />
        </>
      )}
      {can('admin') && (
        <CreateStoreForm
          onCreated={(store) => {
            setNotice(`Created the store ${store.name}.`);
            stores.reload();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete the store ${deleting.name}?`}
          confirmLabel={`Delete ${deleting.name}`}
          busy={remove.busy}
          error={remove.error}
          onConfirm={() => void remove.run(deleting)}
          onCancel={() => {
            remove.clearError();
            setDeleting(null);
          }}
        >
          <p>
            This deletes <strong>{deleting.name}</strong> with all its streams, events and subscriptions, for good.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

function CreateStoreForm({ onCreated }: { onCreated: (store: EventStoreInfo) => void }) {
  const { client } = useSession();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [retention, setRetention] = useState('');
  const [maxStreamSize, setMaxStreamSize] = useState('');
  const create = useAction(async () => {
    const settings: { retentionPeriodDays?: number; maxStreamSizeBytes?: number } = {};
    if (retention.trim() !== '') settings.retentionPeriodDays = positive(retention, 'Retention');
    if (maxStreamSize.trim() !== '') settings.maxStreamSizeBytes = positive(maxStreamSize, 'Max stream size');
    const store = await client.createStore({ name: name.trim(), description: description.trim(), settings });
    setName('');
    setDescription('');
    setRetention('');
    setMaxStreamSize('');
    onCreated(store);
  });
  return (
    <section class="panel" aria-labelledby="create-store-heading">
      <h2 id="create-store-heading">Create a store</h2>
      <form
        class="form grid"
        onSubmit={(event) => {
          event.preventDefault();
          void create.run();
        }}
      >
        <div class="field">
          <label>
            Name
            <input
              name="name"
              required
              value={name}
              onInput={(event) => setName(event.currentTarget.value)}
              placeholder="orders"
              aria-describedby="store-name-hint"
            />
          </label>
          <span id="store-name-hint" class="hint">
            3–63 of a–z, 0–9, _ and -
          </span>
        </div>
        <label>
          Description
          <input name="description" value={description} onInput={(event) => setDescription(event.currentTarget.value)} />
        </label>
        <label>
          Retention (days)
          <input
            name="retention"
            inputMode="decimal"
            value={retention}
            onInput={(event) => setRetention(event.currentTarget.value)}
            placeholder="keep forever"
          />
        </label>
        <label>
          Max stream size (bytes)
          <input
            name="maxStreamSize"
            inputMode="numeric"
            value={maxStreamSize}
            onInput={(event) => setMaxStreamSize(event.currentTarget.value)}
            placeholder="unlimited"
          />
        </label>
        <div class="actions">
          <button type="submit" disabled={create.busy}>
            Create store
          </button>
        </div>
      </form>
      <ErrorMessage error={create.error} what="Creating the store" />
    </section>
  );
}

function positive(text: string, field: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new FormError(`${field} must be a positive number`);
  return value;
}
