import type { RetryPolicy } from '../retry-policy';
import { MAX_RETRY_DELAY_MS } from '../subscription.constants';

/** The wait before retry n (1-based): initialBackoffMs × backoffMultiplier^(n-1), at most 1 h (DECISIONS §8). */
export function retryDelayMs(policy: RetryPolicy, retry: number): number {
  return Math.min(Math.round(policy.initialBackoffMs * policy.backoffMultiplier ** (retry - 1)), MAX_RETRY_DELAY_MS);
}
