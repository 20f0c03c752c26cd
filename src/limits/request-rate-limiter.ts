import { Inject, Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS_CLIENT } from '../common/redis/redis.module';
import { EnvironmentVariables } from '../config/environment-variables';
import { Metrics } from '../metrics/metrics';

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
 * Counts one request in the key's window and returns [count, window end, now (s), now (µs)]. The
 * window is the UTC minute by Redis's clock, so instances with skewed clocks still share windows.
 * One hash per key (declared in KEYS, so it works on Redis Cluster), replaced when a new minute
 * starts and expiring at the window's end.
 */
const TAKE_REQUEST = `
local now = redis.call('TIME')
local seconds = tonumber(now[1])
local window = seconds - (seconds % 60)
local count
if tonumber(redis.call('HGET', KEYS[1], 'window')) == window then
  count = redis.call('HINCRBY', KEYS[1], 'count', 1)
else
  redis.call('HSET', KEYS[1], 'window', window, 'count', 1)
  count = 1
end
redis.call('EXPIREAT', KEYS[1], window + 60)
return { count, window + 60, seconds, tonumber(now[2]) }`;

type RedisWithLimiter = Redis & { takeRequest(key: string): Promise<[number, number, number, number]> };

/** How long a request waits for Redis before it is let through uncounted. */
const REDIS_TIMEOUT_MS = 1000;
/** After Redis failed, requests go uncounted this long without trying it, so an outage adds no latency. */
const FAIL_OPEN_MS = 5000;

/**
 * DECISIONS §7's request limit: fixed windows aligned to the UTC minute, one counter per API key in
 * Redis, shared by every API instance. Used by the authentication guard for HTTP requests, and by
 * the WebSocket upgrade, which counts as a request too.
 *
 * When Redis cannot be reached the limiter fails open: requests are served uncounted and without
 * rate-limit headers, with a warning. The limit protects capacity; refusing all traffic because
 * the counter is unavailable would turn a Redis outage into a full outage.
 */
@Injectable()
export class RequestRateLimiter {
  private readonly logger = new Logger(RequestRateLimiter.name);
  private readonly redis: RedisWithLimiter;
  private failingOpenUntil = 0;

  constructor(
    @Inject(REDIS_CLIENT) redis: Redis,
    private readonly config: EnvironmentVariables,
    private readonly metrics: Metrics,
  ) {
    redis.defineCommand('takeRequest', { numberOfKeys: 1, lua: TAKE_REQUEST });
    this.redis = redis as RedisWithLimiter;
  }

  /** Counts one request of `apiKeyId`; null when Redis is unavailable and the request goes uncounted. */
  async consume(apiKeyId: string): Promise<RequestQuota | null> {
    if (Date.now() < this.failingOpenUntil) return null;
    let reply: [number, number, number, number];
    try {
      reply = await withTimeout(this.redis.takeRequest(`${this.config.REDIS_PREFIX}:rate-limit:requests:${apiKeyId}`), REDIS_TIMEOUT_MS);
    } catch (error) {
      this.failingOpenUntil = Date.now() + FAIL_OPEN_MS;
      this.logger.warn(`Request limit not enforced for ${FAIL_OPEN_MS} ms: Redis did not answer (${(error as Error).message})`);
      return null;
    }
    const [count, resetAtSeconds, seconds, micros] = reply;
    const limit = this.config.RATE_LIMIT_REQUESTS_PER_MINUTE;
    const allowed = count <= limit;
    if (!allowed) this.metrics.rateLimitRejected('requests');
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - count),
      resetAtSeconds,
      retryAfterSeconds: Math.max(1, Math.ceil(resetAtSeconds - seconds - micros / 1e6)),
    };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
