export interface WaitForOptions {
  /** How long to keep trying before failing; 5 s unless told. */
  timeoutMs?: number;
  /** Pause between two checks; 50 ms unless told. */
  intervalMs?: number;
  /** What is awaited, for the failure message. */
  what?: string;
}

/**
 * Resolves once `check()` holds, checking again every `intervalMs`; fails after `timeoutMs`. A check
 * that throws fails the wait at once. The one polling helper of the e2e suites.
 */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  { timeoutMs = 5000, intervalMs = 50, what = 'the condition' }: WaitForOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
