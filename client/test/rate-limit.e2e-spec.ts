import { EventStoreClient, RateLimitedError } from '../src/index.js';
import { type Exchange, recordingFetch, RunningApi } from './harness';

const REQUESTS_PER_MINUTE = 3;

// The limit's window is the UTC minute: a 429 may ask to wait up to 60 s, and one test first waits
// for a minute to begin.
jest.setTimeout(180_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('A 429 from a rate-limited API', () => {
  let service: RunningApi;
  let key: string;
  let log: Exchange[];

  beforeAll(async () => {
    service = await RunningApi.start({ RATE_LIMIT_REQUESTS_PER_MINUTE: String(REQUESTS_PER_MINUTE) });
    key = (await service.tenantWithKey()).key;
  });
  afterAll(() => service.stop());
  beforeEach(() => {
    log = [];
  });

  const client = (retry: ConstructorParameters<typeof EventStoreClient>[0]['retry']) =>
    new EventStoreClient({ baseUrl: service.url, apiKey: key, fetch: recordingFetch(log), retry });

  /** Spends the key's requests of the current minute; the last answer is a 429. */
  async function exhaustLimit(): Promise<RateLimitedError> {
    const noRetries = client(false);
    for (let i = 0; i <= REQUESTS_PER_MINUTE * 2; i += 1) {
      try {
        await noRetries.listStoresPage();
      } catch (error) {
        if (error instanceof RateLimitedError) return error;
        throw error;
      }
    }
    throw new Error(`no 429 after ${REQUESTS_PER_MINUTE * 2 + 1} requests`);
  }

  it('is thrown at once as RateLimitedError when the wait does not fit the retry budget, or when aborted while waiting', async () => {
    const refused = await exhaustLimit();
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', status: 429, limit: 'requests' });
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
    expect(refused.retryAfter).toBe(Number(log.at(-1)!.retryAfter));

    log.length = 0;
    const started = Date.now();
    const impatient = await client({ maxElapsedMs: 0 })
      .listStoresPage()
      .catch((error: unknown) => error);
    expect(impatient).toBeInstanceOf(RateLimitedError);
    expect(log).toHaveLength(1);

    log.length = 0;
    const aborted = await client({ maxElapsedMs: 120_000 })
      .listStoresPage({ signal: AbortSignal.timeout(300) })
      .catch((error: unknown) => error);
    expect((aborted as Error).name).toBe('TimeoutError');
    expect(log.map((exchange) => exchange.status)).toEqual([429]);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('is waited out with the default options, however long the minute has left, and the call succeeds', async () => {
    // Start early in a minute, so that the service asks to wait more than 30 s (the old default
    // budget threw such a 429 at once). 50 s left gives the requests that exhaust the limit 19 s of
    // slack on a slow machine before the wait drops to 31 s.
    const left = 60 - ((Date.now() / 1000) % 60);
    if (left < 50) await sleep(left * 1000 + 100);
    await exhaustLimit();
    log.length = 0;
    const stores = await client(undefined).listStoresPage();
    expect(stores.eventStores).toEqual([]);

    const statuses = log.map((exchange) => exchange.status);
    expect(statuses.at(-1)).toBe(200);
    const refusal = log.findLast((exchange) => exchange.status === 429)!;
    expect(refusal).toBeDefined();
    expect(Number(refusal.retryAfter)).toBeGreaterThan(30);
    const retry = log[log.indexOf(refusal) + 1];
    // The retry waited the seconds the service asked for, and not much longer (5 s: timers fire late on a loaded machine).
    const waitedMs = retry.at - refusal.at;
    expect(waitedMs).toBeGreaterThanOrEqual(Number(refusal.retryAfter) * 1000 - 50);
    expect(waitedMs).toBeLessThan(Number(refusal.retryAfter) * 1000 + 5000);
  });
});
