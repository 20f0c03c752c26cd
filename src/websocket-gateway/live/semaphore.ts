/** Gives a permit back; calling it again does nothing. */
export type Release = () => void;

interface Waiter {
  grant(): void;
}

/**
 * `size` permits, handed out in the order they were asked for. A waiter whose signal aborts (its
 * subscription ended) leaves the queue without taking a permit.
 */
export class Semaphore {
  private held = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly size: number) {}

  /** Nobody holds or waits for a permit. */
  get idle(): boolean {
    return this.held === 0 && this.waiting.length === 0;
  }

  acquire(signal: AbortSignal): Promise<Release> {
    if (signal.aborted) return Promise.reject(abortReason(signal));
    if (this.held < this.size && this.waiting.length === 0) {
      this.held += 1;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const leave = () => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        reject(abortReason(signal));
      };
      const waiter: Waiter = {
        grant: () => {
          signal.removeEventListener('abort', leave);
          resolve(this.releaser());
        },
      };
      signal.addEventListener('abort', leave, { once: true });
      this.waiting.push(waiter);
    });
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held -= 1;
      this.grantWaiting();
    };
  }

  private grantWaiting(): void {
    while (this.held < this.size && this.waiting.length > 0) {
      this.held += 1;
      this.waiting.shift()!.grant();
    }
  }
}

/** AbortSignal.reason may be anything its owner passed to abort(); a rejection carries an Error. */
function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('Aborted', { cause: signal.reason });
}
