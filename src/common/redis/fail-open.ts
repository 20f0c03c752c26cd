import type { Logger } from '@nestjs/common';

/** How long a request waits for Redis before going on without it. */
const REDIS_TIMEOUT_MS = 1000;
/** After Redis failed, it is not asked again for this long, so that an outage adds no latency. */
const FAIL_OPEN_MS = 5000;

/**
 * Redis calls a request can do without: counting a limit across instances. Each waits at most
 * REDIS_TIMEOUT_MS (ioredis queues commands while disconnected, so a stalled Redis would otherwise
 * hold the request); a failure is logged once per FAIL_OPEN_MS, during which Redis is skipped.
 */
export class FailOpen {
  private failingUntil = 0;

  constructor(
    private readonly logger: Logger,
    /** What goes without Redis, for the warning: "Request limit not enforced". */
    private readonly consequence: string,
  ) {}

  /** The call's result, or undefined when Redis did not answer in time (or is being skipped). */
  async call<T>(call: () => Promise<T>): Promise<T | undefined> {
    if (Date.now() < this.failingUntil) return undefined;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${REDIS_TIMEOUT_MS} ms`)), REDIS_TIMEOUT_MS);
    });
    try {
      return await Promise.race([call(), timeout]);
    } catch (error) {
      this.failingUntil = Date.now() + FAIL_OPEN_MS;
      this.logger.warn(`${this.consequence} for ${FAIL_OPEN_MS} ms: Redis did not answer (${(error as Error).message})`);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}
