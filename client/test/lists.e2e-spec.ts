import { EventStoreClient } from '../src/index.js';
import { all, type Exchange, recordingFetch, RunningApi, uniqueName } from './harness';

// Each test makes 1,001 stores or streams: one more than a list request returns.
jest.setTimeout(120_000);

const LIST_PAGE_SIZE = 1000;
const COUNT = LIST_PAGE_SIZE + 1;

/** Runs `task(0)` … `task(count - 1)`, `width` at a time. */
async function inBatches(count: number, width: number, task: (n: number) => Promise<unknown>): Promise<void> {
  for (let first = 0; first < count; first += width) {
    await Promise.all(Array.from({ length: Math.min(width, count - first) }, (_, i) => task(first + i)));
  }
}

describe('Lists against the built API', () => {
  let service: RunningApi;
  let log: Exchange[];
  let client: EventStoreClient;
  const requests = (path: RegExp) => log.filter((exchange) => path.test(exchange.url.pathname));
  const offsets = (path: RegExp) => requests(path).map((exchange) => exchange.url.searchParams.get('offset'));

  beforeAll(async () => {
    service = await RunningApi.start();
  });
  afterAll(() => service.stop());
  beforeEach(async () => {
    const { key } = await service.tenantWithKey();
    log = [];
    client = new EventStoreClient({ baseUrl: service.url, apiKey: key, fetch: recordingFetch(log) });
  });

  it('iterates every store of the tenant across pages, oldest first, and stops fetching on break', async () => {
    const names = Array.from({ length: COUNT }, (_, n) => `store-${String(n).padStart(4, '0')}`);
    await inBatches(COUNT, 20, (n) => client.createStore({ name: names[n] }));
    log.length = 0;

    const stores = await all(client.listStores());
    // Created 20 at a time, so in creation order but not necessarily in name order.
    expect(stores.map((store) => store.name).sort()).toEqual(names);
    const created = stores.map((store) => Date.parse(store.createdAt));
    expect(created).toEqual([...created].sort((a, b) => a - b));
    expect(offsets(/^\/event-stores$/)).toEqual(['0', String(LIST_PAGE_SIZE)]);

    log.length = 0;
    const filtered = await all(client.listStores({ filter: '-099' }));
    expect(filtered.map((store) => store.name).sort()).toEqual(names.slice(990, 1000));
    expect(requests(/^\/event-stores$/).map((exchange) => exchange.url.searchParams.get('filter'))).toEqual(['-099']);

    log.length = 0;
    for await (const store of client.listStores()) if (store.name === stores[2].name) break;
    expect(log).toHaveLength(1);

    const page = await client.listStoresPage({ limit: 2, offset: 1000 });
    expect(page).toMatchObject({ totalCount: COUNT, limit: 2, offset: 1000 });
    expect(page.eventStores.map((store) => store.name)).toEqual([stores[1000].name]);
  });

  it("iterates every stream of a store across pages, with the service's filters", async () => {
    const name = uniqueName('many-streams');
    await client.createStore({ name });
    const store = client.store(name);
    await inBatches(COUNT, 20, (n) => store.appendToStream(`order-${n}`, [{ type: 'order.created', data: { n } }]));
    await store.appendToStream('cart-1', [{ type: 'cart.opened', data: {} }]);
    log.length = 0;

    const orders = await all(store.listStreams({ streamType: 'order' }));
    expect(orders).toHaveLength(COUNT);
    expect(new Set(orders.map((stream) => stream.streamId))).toEqual(new Set(Array.from({ length: COUNT }, (_, n) => `order-${n}`)));
    expect(orders.every((stream) => stream.streamVersion === 1)).toBe(true);
    expect(offsets(/\/streams$/)).toEqual(['0', String(LIST_PAGE_SIZE)]);
    expect(requests(/\/streams$/).every((exchange) => exchange.url.searchParams.get('streamType') === 'order')).toBe(true);

    expect((await all(store.listStreams())).length).toBe(COUNT + 1);
    const page = await store.listStreamsPage({ streamType: 'cart' });
    expect(page.streams.map((stream) => stream.streamId)).toEqual(['cart-1']);
    expect(page.pagination).toMatchObject({ total: 1, hasMore: false });
  });
});
