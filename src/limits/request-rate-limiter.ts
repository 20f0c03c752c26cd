import { Inject, Injectable, Logger } from '@nestjs/common';
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

type RedisWithLimiter = RedisClient & { takeRequest(key: string): Promise<[number, number, number, number]> };

/**
 * DECISIONS §7's request limit: fixed windows aligned to the UTC minute, one counter per API key in
 * Redis, shared by every API instance. Used by RequestAuthentication for HTTP requests, and by
 * the WebSocket upgrade, which counts as a request too.
 *
 * When Redis cannot be reached the limiter fails open: requests are served uncounted and without
 * rate-limit headers, with a warning. The limit protects capacity; refusing all traffic because
 * the counter is unavailable would turn a Redis outage into a full outage.
 */
@Injectable()
export class RequestRateLimiter {
  private readonly redis: RedisWithLimiter;
  private readonly failOpen = new FailOpen(new Logger(RequestRateLimiter.name), 'Request limit not enforced');

  constructor(
    @Inject(REDIS_CLIENT) redis: RedisClient,
    private readonly config: EnvironmentVariables,
    private readonly metrics: Metrics,
  ) {
    redis.defineCommand('takeRequest', { numberOfKeys: 1, lua: TAKE_REQUEST });
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

  private async consume(apiKeyId: string): Promise<RequestQuota | null> {
    const reply = await this.failOpen.call(() => this.redis.takeRequest(`${this.config.REDIS_PREFIX}:rate-limit:requests:${apiKeyId}`));
    if (!reply) return null;
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
