import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Caller, Verification } from '../auth/strategies/credential-check';
import { FailOpen } from '../common/redis/fail-open';
import { REDIS_CLIENT } from '../common/redis/redis.module';
import type { RedisClient } from '../common/redis/redis-topology';
import { EnvironmentVariables } from '../config/environment-variables';
import { Metrics } from '../metrics/metrics';
import { RequestRateLimitedError } from './limits.errors';
import { rateLimitHeaders } from './rate-limit-headers';

/** Where a key stands in the current UTC minute, after counting one request. */
export interface RequestQuota {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds at which the window ends (`X-RateLimit-Reset`). */
  resetAtSeconds: number;
  /** Seconds until then, at least 1 (`Retry-After` on a 429). */
  retryAfterSeconds: number;
}

/**
 * Counts ARGV[1] requests in the key's window and returns [count after them, window end, now (s),
 * now (µs)]. The window is the UTC minute by Redis's clock, so instances with skewed clocks still
 * share windows. One hash per key (declared in KEYS, so it works on Redis Cluster), replaced when a
 * new minute starts and expiring at the window's end.
 */
const TAKE_REQUESTS = `
local now = redis.call('TIME')
local seconds = tonumber(now[1])
local window = seconds - (seconds % 60)
local taken = tonumber(ARGV[1])
local count
if tonumber(redis.call('HGET', KEYS[1], 'window')) == window then
  count = redis.call('HINCRBY', KEYS[1], 'count', taken)
else
  redis.call('HSET', KEYS[1], 'window', window, 'count', taken)
  count = taken
end
redis.call('EXPIREAT', KEYS[1], window + 60)
return { count, window + 60, seconds, tonumber(now[2]) }`;

/** A caller as countCaller found it, and the `X-RateLimit-*` headers of its request (none when it was not counted). */
export interface CountedCaller<T extends Caller> {
  caller: T | null;
  headers: Record<string, string>;
}

type RedisWithLimiter = RedisClient & { takeRequests(key: string, requests: number): Promise<[number, number, number, number]> };

/** A request waiting to be counted: its quota, or null when it goes uncounted. */
interface Waiter {
  resolve(quota: RequestQuota | null): void;
  reject(error: unknown): void;
}

/**
 * DECISIONS §7's request limit: fixed windows aligned to the UTC minute, one counter per API key in
 * Redis, shared by every API instance. Used by RequestAuthentication for HTTP requests, and by
 * the WebSocket upgrade, which counts as a request too.
 *
 * The requests of one key that arrive in one turn of the event loop are counted together, in the
 * order they came, by one call to Redis after the turn's I/O: under load a turn serves about a dozen
 * requests, and a call each was a tenth of the API's CPU per single-event append.
 *
 * When Redis cannot be reached the limiter fails open: requests are served uncounted and without
 * rate-limit headers, with a warning. The limit protects capacity; refusing all traffic because
 * the counter is unavailable would turn a Redis outage into a full outage.
 */
@Injectable()
export class RequestRateLimiter {
  private readonly redis: RedisWithLimiter;
  private readonly failOpen = new FailOpen(new Logger(RequestRateLimiter.name), 'Request limit not enforced');
  /** Requests of this turn, per key, in arrival order: counted once the turn's I/O is done. */
  private readonly waiting = new Map<string, Waiter[]>();

  constructor(
    @Inject(REDIS_CLIENT) redis: RedisClient,
    private readonly config: EnvironmentVariables,
    private readonly metrics: Metrics,
  ) {
    redis.defineCommand('takeRequests', { numberOfKeys: 1, lua: TAKE_REQUESTS });
    this.redis = redis as RedisWithLimiter;
  }

  /**
   * Counts one request of `apiKeyId` and returns the `X-RateLimit-*` headers its response carries
   * (none when Redis is unavailable and it goes uncounted); past the limit, throws the 429, which
   * carries them too. HTTP authentication and the WebSocket upgrade both count through here.
   */
  async count(apiKeyId: string): Promise<Record<string, string>> {
    const quota = await this.consume(apiKeyId);
    if (!quota) return {};
    if (!quota.allowed) throw new RequestRateLimitedError(quota);
    return rateLimitHeaders(quota);
  }

  /**
   * The caller `verification` proves, and the headers of its request, counted as `count` counts. A
   * key the instance presumes (one it remembers) is counted at once, while the key is confirmed: when
   * the confirmation needs a round trip to Redis (a revocation check's PING), it and the count's
   * overlap rather than follow each other. Otherwise the confirmed key is counted once confirmed.
   * Nothing is counted for a header that proves nobody, nor for an operator, except a presumed key
   * that proves revoked meanwhile: its request has counted, against a key nobody can use any more,
   * and its 429 is moot (the caller answers 401).
   */
  async countCaller<T extends Caller>({ caller, presumedApiKeyId }: Verification<T>): Promise<CountedCaller<T>> {
    const presumed = presumedApiKeyId === undefined ? undefined : this.count(presumedApiKeyId);
    presumed?.catch(() => undefined);
    const confirmed = await caller;
    if (!confirmed || 'operator' in confirmed) return { caller: confirmed, headers: {} };
    return {
      caller: confirmed,
      headers: await (confirmed.apiKeyId === presumedApiKeyId && presumed ? presumed : this.count(confirmed.apiKeyId)),
    };
  }

  private consume(apiKeyId: string): Promise<RequestQuota | null> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(apiKeyId);
      if (waiters) return waiters.push({ resolve, reject });
      // setImmediate runs after the I/O callbacks of this turn, so the requests they brought count in the same call.
      if (this.waiting.size === 0) setImmediate(() => this.countWaiting());
      this.waiting.set(apiKeyId, [{ resolve, reject }]);
    });
  }

  private countWaiting(): void {
    const turn = [...this.waiting];
    this.waiting.clear();
    for (const [apiKeyId, waiters] of turn) void this.take(apiKeyId, waiters);
  }

  /**
   * Counts `waiters` in the key's window; the first of them is the count before them plus one, and so
   * on. Never rejects: a failure past FailOpen's (a reply it cannot read) fails the requests not yet
   * answered, as it failed the one request whose count it was before.
   */
  private async take(apiKeyId: string, waiters: Waiter[]): Promise<void> {
    try {
      const key = `${this.config.REDIS_PREFIX}:rate-limit:requests:${apiKeyId}`;
      const reply = await this.failOpen.call(() => this.redis.takeRequests(key, waiters.length));
      if (!reply) return waiters.forEach((waiter) => waiter.resolve(null));
      const [countAfter, resetAtSeconds, seconds, micros] = reply;
      const limit = this.config.RATE_LIMIT_REQUESTS_PER_MINUTE;
      const retryAfterSeconds = Math.max(1, Math.ceil(resetAtSeconds - seconds - micros / 1e6));
      waiters.forEach((waiter, i) => {
        const count = countAfter - waiters.length + i + 1;
        const allowed = count <= limit;
        if (!allowed) this.metrics.rateLimitRejected('requests');
        waiter.resolve({ allowed, limit, remaining: Math.max(0, limit - count), resetAtSeconds, retryAfterSeconds });
      });
    } catch (error) {
      // A promise already resolved ignores the rejection.
      for (const waiter of waiters) waiter.reject(error);
    }
  }
}
