import type { Worker } from 'bullmq';
import { ReplyError } from 'ioredis';

const FIRST_PAUSE_MS = 200;
/** The longest pause: once Redis takes writes again, deliveries resume within this. */
const LONGEST_PAUSE_MS = 2000;

/**
 * BullMQ's worker asks Redis for its next job again at once when Redis refuses the request (a replica's
 * READONLY, a full memory's OOM, a failing disk's MISCONF): thousands of refusals a second for as long
 * as it lasts. A refusal pauses fetching for a while instead, twice as long after each one that
 * follows soon after, up to LONGEST_PAUSE_MS. Lost connections are not counted here: BullMQ waits for
 * those itself (its runRetryDelay), and ioredis reconnects.
 */
export class FetchBackoff {
  private pauseMs = 0;
  private lastRefusalAt = 0;
  private resuming?: NodeJS.Timeout;

  constructor(private readonly worker: Worker) {}

  /** Called with every error the worker reports. */
  failed(error: Error): void {
    if (!(error instanceof ReplyError) || this.resuming || this.worker.closing) return;
    const now = Date.now();
    const soonAfter = now - this.lastRefusalAt < this.pauseMs + LONGEST_PAUSE_MS;
    this.pauseMs = soonAfter ? Math.min(this.pauseMs * 2, LONGEST_PAUSE_MS) : FIRST_PAUSE_MS;
    this.lastRefusalAt = now;
    // Without waiting for the jobs running: they finish (or fail) on their own.
    void this.worker.pause(true);
    this.resuming = setTimeout(() => {
      this.resuming = undefined;
      if (!this.worker.closing) void this.worker.resume();
    }, this.pauseMs);
  }

  stop(): void {
    clearTimeout(this.resuming);
  }
}
