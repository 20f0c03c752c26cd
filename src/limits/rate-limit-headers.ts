import type { RequestQuota } from './request-rate-limiter';

/**
 * The headers of DECISIONS §7 for a counted request: every authenticated response carries the
 * three `X-RateLimit-*`; a refused one adds `Retry-After`. Shared by HTTP and WebSocket upgrades.
 */
export function rateLimitHeaders(quota: RequestQuota): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(quota.limit),
    'X-RateLimit-Remaining': String(quota.remaining),
    'X-RateLimit-Reset': String(quota.resetAtSeconds),
    ...(quota.allowed ? {} : { 'Retry-After': String(quota.retryAfterSeconds) }),
  };
}
