/**
 * How calls are retried: on 429 with `Retry-After` (after that many seconds), on the statuses listed
 * (by default 502, 503 and 504, honouring `Retry-After` when given) and on network failures, with
 * jittered exponential backoff, bounded by attempts and by the call's total time. Other answers,
 * 4xx above all, are never retried: a retry cannot change them.
 */
export interface RetryOptions {
  /** Attempts in all, the first included; 1 turns retries off. Default 5. */
  maxAttempts?: number;
  /** The first backoff's upper bound, doubled at each attempt. Default 200 ms. */
  initialDelayMs?: number;
  /** The largest backoff bound. Default 5000 ms. */
  maxDelayMs?: number;
  /**
   * The whole call, attempts and waits together: a retry whose wait would end past it is not made
   * and the last failure is thrown. Default 90000 ms: the service's limits count per UTC minute, so a
   * 429 asks to wait 1 to 60 s, and the default waits out any of them, with room for the attempts
   * around it. Lower it to fail fast instead (a person waiting, say): a 429 asking for a longer
   * wait is then thrown at once, with its `retryAfter`.
   */
  maxElapsedMs?: number;
  /** Statuses retried besides 429 with `Retry-After`. Default [502, 503, 504]. */
  statuses?: number[];
}

export type ResolvedRetryOptions = Required<RetryOptions>;

export const DEFAULT_RETRY_OPTIONS: ResolvedRetryOptions = Object.freeze({
  maxAttempts: 5,
  initialDelayMs: 200,
  maxDelayMs: 5000,
  maxElapsedMs: 90_000,
  statuses: [502, 503, 504],
});

export function resolveRetryOptions(options: RetryOptions | false | undefined): ResolvedRetryOptions {
  if (options === false) return { ...DEFAULT_RETRY_OPTIONS, maxAttempts: 1 };
  const resolved = { ...DEFAULT_RETRY_OPTIONS, ...options };
  if (!(resolved.maxAttempts >= 1)) throw new RangeError('retry.maxAttempts must be at least 1');
  return resolved;
}

/** "Full jitter": a random wait between 0 and the exponential bound of this attempt (1 = the first retry). */
export function backoffDelay(retry: number, options: Pick<ResolvedRetryOptions, 'initialDelayMs' | 'maxDelayMs'>): number {
  const bound = Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.round(Math.random() * bound);
}

/** What an aborted signal throws: its reason, or an `AbortError` where the runtime gives none. */
export function abortReason(signal: AbortSignal): Error {
  return (signal.reason as Error | undefined) ?? new DOMException('This operation was aborted', 'AbortError');
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortReason(signal);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
