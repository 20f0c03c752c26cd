/** How a subscription retries a failed delivery (DECISIONS §8). */
export interface RetryPolicy {
  maxRetries: number;
  backoffMultiplier: number;
  initialBackoffMs: number;
}
