import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { startTestApp, TestApp } from '../support/test-app';
import { startWorker } from '../support/worker-process';
import type { ServiceProcess } from '../support/service-process';
import { WebhookReceiver } from '../support/webhook-receiver';
import { TestSocket } from '../support/ws-client';

interface ReadEvent {
  streamId: string;
  streamPosition: number;
  globalPosition: number;
  type: string;
  data: { n: number; blob: string };
}
interface Page {
  events: ReadEvent[];
  hasMore: boolean;
}

/** Bytes of a page's events as the API sent them. */
const jsonBytes = (events: unknown[]) => Buffer.byteLength(JSON.stringify(events));
const blob = (bytes: number) => 'x'.repeat(bytes);

/**
 * Every page of a read, following `next` while `hasMore` says more follow. A read that keeps saying
 * so past `maxPages` is a failure, not an endless loop.
 */
async function readToEnd(read: (previous?: Page) => Promise<Page>, maxPages = 100): Promise<Page[]> {
  const pages = [await read()];
  while (pages.at(-1)!.hasMore) {
    if (pages.length >= maxPages) throw new Error(`still hasMore after ${maxPages} pages`);
    pages.push(await read(pages.at(-1)));
  }
  return pages;
}

/** Each page holds at least one event and stays within `budget`, unless it is one event larger than that. */
function expectPagesWithin(pages: Page[], budget: number): void {
  for (const page of pages) {
    expect(page.events.length).toBeGreaterThanOrEqual(1);
    if (page.events.length > 1) expect(jsonBytes(page.events)).toBeLessThanOrEqual(budget);
  }
}

const lastOf = (page: Page) => page.events.at(-1)!;
const nValues = (pages: Page[]) => pages.flatMap((page) => page.events.map((event) => event.data.n));

/** READ_PAGE_MAX_BYTES: pages of events end at a byte budget, hold at least one event, and read on exactly. */
describe('Read page budget', () => {
  const BUDGET = 64 * 1024;
  // About 20 KB of JSON each: three fit in the budget, a fourth does not.
  const EVENT_BYTES = 20_000;
  const EVENTS = 12;

  let testApp: TestApp;
  let api: ApiClient;
  let tenant: TenantKey;
  let store: string;

  const http = () => api.http();
  const appendOne = (streamId: string, event: Record<string, unknown>) =>
    http()
      .post(`/event-stores/${store}/streams/${streamId}`)
      .set(bearer(tenant.key))
      .send({ events: [event] })
      .expect(200);
  /** EVENTS events of ~20 KB, alternating between streams s-1 and s-2 and cycling through types a, b, c; `n` is the global order. */
  const appendFixture = async () => {
    for (let n = 0; n < EVENTS; n++) {
      await appendOne(`s-${(n % 2) + 1}`, { type: ['a', 'b', 'c'][n % 3], data: { n, blob: blob(EVENT_BYTES) }, tags: ['course:1'] });
    }
  };
  const fixtureNs = (streamId?: string) =>
    Array.from({ length: EVENTS }, (_, n) => n).filter((n) => streamId === undefined || `s-${(n % 2) + 1}` === streamId);
  const get = async (path: string, query: Record<string, unknown>, auth = bearer(tenant.key)): Promise<Page & Record<string, unknown>> =>
    (await http().get(path).query(query).set(auth).expect(200)).body;

  beforeAll(async () => {
    testApp = await startTestApp({ READ_PAGE_MAX_BYTES: String(BUDGET) });
    await testApp.listen();
    api = new ApiClient(testApp.server);
  });
  beforeEach(async () => {
    tenant = await api.tenantWithKey();
    store = `budget-${Math.random().toString(36).slice(2, 8)}`;
    await api.createStore(tenant.key, { name: store }).expect(201);
  });
  afterAll(async () => {
    await testApp.close();
  });

  describe('reading a stream (family A)', () => {
    const readStream = (query: Record<string, unknown>) => get(`/event-stores/${store}/streams/s-1`, query);

    it('stops a page at the budget with hasMore, and the next page starts right after its last event', async () => {
      await appendFixture();
      const first = await readStream({ limit: 100 });
      expect(first.events.length).toBeGreaterThan(1);
      expect(first.events.length).toBeLessThan(fixtureNs('s-1').length);
      expect(first.hasMore).toBe(true);

      const pages = await readToEnd((previous) =>
        readStream({ limit: 100, ...(previous && { fromStreamPosition: lastOf(previous).streamPosition + 1 }) }),
      );
      expectPagesWithin(pages, BUDGET);
      expect(nValues(pages)).toEqual(fixtureNs('s-1'));
      expect(pages.flatMap((page) => page.events.map((event) => event.streamPosition))).toEqual([0, 1, 2, 3, 4, 5]);
    });

    it('pages backward the same way, from the newest event down', async () => {
      await appendFixture();
      const pages = await readToEnd((previous) =>
        readStream({ direction: 'backward', ...(previous && { toStreamPosition: lastOf(previous).streamPosition - 1 }) }),
      );
      expect(pages.length).toBeGreaterThan(1);
      expectPagesWithin(pages, BUDGET);
      expect(nValues(pages)).toEqual(fixtureNs('s-1').reverse());
    });

    it('says hasMore when the limit, not the budget, ends the page', async () => {
      await appendFixture();
      const page = await readStream({ limit: 2 });
      expect(page.events.map((event) => event.streamPosition)).toEqual([0, 1]);
      expect(page.hasMore).toBe(true);
      const last = await readStream({ fromStreamPosition: 5 });
      expect(last.events.map((event) => event.streamPosition)).toEqual([5]);
      expect(last.hasMore).toBe(false);
    });
  });

  it('pages a family B read at the budget, reading on from `from`', async () => {
    await appendFixture();
    const token = await api.accessToken(tenant.key);
    const read = (previous?: Page) =>
      get(
        `/api/event-stores/${store}/streams/s-2/events`,
        { maxCount: 100, ...(previous && { from: lastOf(previous).streamPosition + 1 }) },
        bearer(token),
      );
    const pages = await readToEnd(read);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages[0].hasMore).toBe(true);
    expectPagesWithin(pages, BUDGET);
    expect(nValues(pages)).toEqual(fixtureNs('s-2'));
  });

  describe('reading across the store', () => {
    const readEvents = (query: Record<string, unknown>) => get(`/event-stores/${store}/events`, query);

    it('pages by offset: the next offset adds the events returned', async () => {
      await appendFixture();
      let offset = 0;
      const pages = await readToEnd(async (previous) => {
        offset += previous?.events.length ?? 0;
        return readEvents({ limit: 100, offset });
      });
      expect(pages.length).toBeGreaterThan(1);
      expectPagesWithin(pages, BUDGET);
      expect(nValues(pages)).toEqual(fixtureNs());
    });

    it('pages by fromGlobalPosition, in both directions', async () => {
      await appendFixture();
      const forward = await readToEnd((previous) =>
        readEvents(previous ? { fromGlobalPosition: lastOf(previous).globalPosition + 1 } : {}),
      );
      expectPagesWithin(forward, BUDGET);
      expect(nValues(forward)).toEqual(fixtureNs());

      const backward = await readToEnd((previous) =>
        readEvents({ direction: 'backward', ...(previous && { fromGlobalPosition: lastOf(previous).globalPosition - 1 }) }),
      );
      expect(backward.length).toBeGreaterThan(1);
      expectPagesWithin(backward, BUDGET);
      expect(nValues(backward)).toEqual(fixtureNs().reverse());
    });

    it('pages reads filtered by exact types and by a pattern the same way', async () => {
      await appendFixture();
      const matching = fixtureNs().filter((n) => n % 3 !== 2);
      for (const types of ['a,b', 'a,b,x.*']) {
        let offset = 0;
        const pages = await readToEnd(async (previous) => {
          offset += previous?.events.length ?? 0;
          return readEvents({ types, offset });
        });
        expect(pages.length).toBeGreaterThan(1);
        expectPagesWithin(pages, BUDGET);
        expect(nValues(pages)).toEqual(matching);
      }
    });
  });

  it('returns pages of hundreds of events whole and in order, cut by the budget or the limit, on every read path', async () => {
    // 250 events of ~600 bytes in a page: pages of more than 100 events, each cut by the 64 KB budget.
    const EVENT_COUNT = 250;
    for (let first = 0; first < EVENT_COUNT; first += 50) {
      await http()
        .post(`/event-stores/${store}/streams/many`)
        .set(bearer(tenant.key))
        .send({ events: Array.from({ length: 50 }, (_, i) => ({ type: 'm', data: { n: first + i, blob: blob(300) }, tags: ['many:1'] })) })
        .expect(200);
    }
    const all = Array.from({ length: EVENT_COUNT }, (_, n) => n);
    const streamPages = await readToEnd((previous) =>
      get(`/event-stores/${store}/streams/many`, {
        limit: 1000,
        ...(previous && { fromStreamPosition: lastOf(previous).streamPosition + 1 }),
      }),
    );
    expect(streamPages.length).toBeGreaterThan(1);
    expect(streamPages[0].events.length).toBeGreaterThan(100);
    expectPagesWithin(streamPages, BUDGET);
    expect(nValues(streamPages)).toEqual(all);

    const backward = await readToEnd((previous) =>
      get(`/event-stores/${store}/streams/many`, {
        direction: 'backward',
        limit: 1000,
        ...(previous && { toStreamPosition: lastOf(previous).streamPosition - 1 }),
      }),
    );
    expect(nValues(backward)).toEqual([...all].reverse());

    const byLimit = await get(`/event-stores/${store}/events`, { types: 'm', limit: 105 });
    expect(byLimit.events.map((event) => event.data.n)).toEqual(all.slice(0, 105));
    expect(byLimit.hasMore).toBe(true);

    const dcb = await http()
      .post(`/event-stores/${store}/query`)
      .set(bearer(tenant.key))
      .send({ query: { items: [{ tags: ['many:1'] }] }, after: 0, limit: 1000 })
      .expect(200);
    expect(dcb.body.events.length).toBeGreaterThan(100);
    expect(dcb.body.events.map((event: ReadEvent) => event.data.n)).toEqual(all.slice(0, dcb.body.events.length));
    expect(dcb.body.lastPosition).toBe(dcb.body.events.at(-1).globalPosition);
  });

  it('pages a DCB read at the budget with hasMore, reading on from lastPosition', async () => {
    await appendFixture();
    const query = (after: number) =>
      http()
        .post(`/event-stores/${store}/query`)
        .set(bearer(tenant.key))
        .send({ query: { items: [{ tags: ['course:1'], types: ['a', 'c'] }] }, after })
        .expect(200)
        .then((response) => response.body as Page & { lastPosition: number });
    const pages = await readToEnd((previous) => query(previous ? (previous as Page & { lastPosition: number }).lastPosition : 0));
    expect(pages.length).toBeGreaterThan(1);
    expectPagesWithin(pages, BUDGET);
    expect(nValues(pages)).toEqual(fixtureNs().filter((n) => n % 3 !== 1));
    for (const page of pages) expect((page as Page & { lastPosition: number }).lastPosition).toBe(lastOf(page).globalPosition);
    expect(await query(lastOf(pages.at(-1)!).globalPosition)).toEqual({
      events: [],
      lastPosition: lastOf(pages.at(-1)!).globalPosition,
      hasMore: false,
    });
  });

  it('reads a stream of 60 events each larger than the budget to its end, one event per page, on every read path', async () => {
    const LARGE = BUDGET + 30_000;
    for (let first = 0; first < 60; first += 10) {
      const events = Array.from({ length: 10 }, (_, i) => ({ type: 'big', data: { n: first + i, blob: blob(LARGE) }, tags: ['big'] }));
      await http().post(`/event-stores/${store}/streams/big`).set(bearer(tenant.key)).send({ events }).expect(200);
    }
    const token = await api.accessToken(tenant.key);
    const reads: Record<string, (previous?: Page) => Promise<Page>> = {
      stream: (previous) =>
        get(`/event-stores/${store}/streams/big`, previous ? { fromStreamPosition: lastOf(previous).streamPosition + 1 } : {}),
      'family B': (previous) =>
        get(`/api/event-stores/${store}/streams/big/events`, previous ? { from: lastOf(previous).streamPosition + 1 } : {}, bearer(token)),
      events: (previous) =>
        get(`/event-stores/${store}/events`, previous ? { fromGlobalPosition: lastOf(previous).globalPosition + 1 } : {}),
      dcb: async (previous) =>
        (
          await http()
            .post(`/event-stores/${store}/query`)
            .set(bearer(tenant.key))
            .send({ query: { items: [{ tags: ['big'] }] }, after: previous ? lastOf(previous).globalPosition : 0 })
            .expect(200)
        ).body,
    };
    for (const [path, read] of Object.entries(reads)) {
      const pages = await readToEnd(read);
      expect({ path, sizes: pages.map((page) => page.events.length) }).toEqual({ path, sizes: Array(60).fill(1) });
      expect(nValues(pages)).toEqual(Array.from({ length: 60 }, (_, n) => n));
      expect(pages.every((page) => page.events[0].data.blob.length === LARGE)).toBe(true);
    }
  });

  describe('WebSocket subscriptions', () => {
    let socket: TestSocket;
    beforeEach(async () => {
      socket = await TestSocket.open(`${testApp.wsBase()}/event-stores/${store}/events/ws?apiKey=${tenant.key}`);
    });
    afterEach(() => socket.close());

    it('replays every event in order, page after budgeted page', async () => {
      await appendFixture();
      const subscriptionId = await socket.subscribe('*', 'beginning');
      await socket.waitUntil(() => socket.positions(subscriptionId).length >= EVENTS, 10_000, 'the replay');
      expect(socket.positions(subscriptionId)).toEqual(Array.from({ length: EVENTS }, (_, i) => i + 1));
    });

    it('sends a burst of live events spanning many budgeted pages at once, not a page per poll', async () => {
      const subscriptionId = await socket.subscribe('*', 'latest');
      // Ten pages: were the feed to wait for the next wake-up (the audit's poll, every second) after each, they would take ~9 s.
      const burst = Array.from({ length: 30 }, (_, n) => ({ type: 'a', data: { n, blob: blob(EVENT_BYTES) } }));
      await http().post(`/event-stores/${store}/streams/s-1`).set(bearer(tenant.key)).send({ events: burst }).expect(200);
      await socket.waitUntil(() => socket.positions(subscriptionId).length >= burst.length, 4_000, 'the burst');
      expect(socket.positions(subscriptionId)).toEqual(Array.from({ length: burst.length }, (_, i) => i + 1));
    });
  });

  describe('webhook delivery', () => {
    let worker: ServiceProcess;
    let receiver: WebhookReceiver;

    beforeAll(async () => {
      // No sweep within the test: what the first wake-up does not deliver stays undelivered.
      [worker, receiver] = await Promise.all([
        startWorker(testApp.config, { READ_PAGE_MAX_BYTES: String(BUDGET), WEBHOOK_SWEEP_INTERVAL_MS: '600000' }),
        WebhookReceiver.start(),
      ]);
    });
    afterAll(async () => {
      await worker.stop();
      await receiver.close();
    });

    it('delivers every event past a budgeted page, skipping none, without another wake-up', async () => {
      const subscription = await http()
        .post(`/event-stores/${store}/subscribe`)
        .set(bearer(tenant.key))
        .send({ eventFilter: '*', subscriberConfig: { url: receiver.url() }, position: 'beginning' })
        .expect(201);
      const events = Array.from({ length: EVENTS }, (_, n) => ({ type: 'a', data: { n, blob: blob(EVENT_BYTES) } }));
      await http().post(`/event-stores/${store}/streams/s-1`).set(bearer(tenant.key)).send({ events }).expect(200);
      const id = subscription.body.subscriptionId;
      await receiver
        .waitUntil(() => receiver.delivered(id).length >= EVENTS, 15_000)
        .catch((error: Error) => {
          throw new Error(`${error.message}; ${receiver.delivered(id).length} delivered; the worker's log:\n${worker.log}`);
        });
      expect(receiver.delivered(id).map((webhook) => webhook.body.event.globalPosition)).toEqual(
        Array.from({ length: EVENTS }, (_, i) => i + 1),
      );
    });
  });
});

/** The default budget (16 MiB) with events near the largest an append takes (10 MiB bodies). */
describe('Read page budget at full size', () => {
  const EVENT_BYTES = 9 * 1024 * 1024;
  let testApp: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    testApp = await startTestApp();
    api = new ApiClient(testApp.server);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('reads a stream of ~9 MiB events to its end at the default limit, one event per page', async () => {
    const tenant = await api.tenantWithKey();
    const store = `huge-${Math.random().toString(36).slice(2, 8)}`;
    await api.createStore(tenant.key, { name: store }).expect(201);
    for (let n = 0; n < 4; n++) {
      await api
        .http()
        .post(`/event-stores/${store}/streams/huge`)
        .set(bearer(tenant.key))
        .send({ events: [{ type: 'huge', data: { n, blob: blob(EVENT_BYTES) } }] })
        .expect(200);
    }
    const pages = await readToEnd(
      async (previous) =>
        (
          await api
            .http()
            .get(`/event-stores/${store}/streams/huge`)
            .query(previous ? { fromStreamPosition: lastOf(previous).streamPosition + 1 } : {})
            .set(bearer(tenant.key))
            .expect(200)
        ).body,
    );
    expect(pages.map((page) => page.events.length)).toEqual([1, 1, 1, 1]);
    expect(pages.map((page) => page.hasMore)).toEqual([true, true, true, false]);
    expect(nValues(pages)).toEqual([0, 1, 2, 3]);
    expect(pages.every((page) => page.events[0].data.blob.length === EVENT_BYTES)).toBe(true);
  }, 60_000);
});
