import type { RequestQuota } from './request-rate-limiter';

/** The headers of DECISIONS §7 every counted request carries (a refused one adds `Retry-After`: RequestRateLimitedError). */
export function rateLimitHeaders(quota: RequestQuota): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(quota.limit),
    'X-RateLimit-Remaining': String(quota.remaining),
    'X-RateLimit-Reset': String(quota.resetAtSeconds),
  };
}
