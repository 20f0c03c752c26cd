import { EventStoreClient, RateLimitedError } from '../src/index.js';
import { type Exchange, recordingFetch, RunningApi } from './harness';

const REQUESTS_PER_MINUTE = 3;

// The limit's window is the UTC minute: a 429 may ask to wait up to 60 s.
jest.setTimeout(120_000);

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

  it('is retried after Retry-After, and the call succeeds', async () => {
    await exhaustLimit();
    log.length = 0;
    const stores = await client({ maxElapsedMs: 90_000 }).listStoresPage();
    expect(stores.eventStores).toEqual([]);

    const statuses = log.map((exchange) => exchange.status);
    expect(statuses.at(-1)).toBe(200);
    const refusal = log.findLast((exchange) => exchange.status === 429)!;
    expect(refusal).toBeDefined();
    const retry = log[log.indexOf(refusal) + 1];
    // The retry waited the seconds the service asked for, and no longer than a moment more.
    const waitedMs = retry.at - refusal.at;
    expect(waitedMs).toBeGreaterThanOrEqual(Number(refusal.retryAfter) * 1000 - 50);
    expect(waitedMs).toBeLessThan(Number(refusal.retryAfter) * 1000 + 2000);
  });
});
