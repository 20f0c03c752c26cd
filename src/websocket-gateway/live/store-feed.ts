import type { Logger } from '@nestjs/common';
import type { EventLog } from '../../streams/event-log';
import { FEED_PAGE_SIZE } from '../websocket.constants';
import { FeedBatch, toFeedEvent } from './event-frame';

const EVERY_EVENT = { kind: 'all' } as const;

export interface FeedSubscriber {
  receive(batch: FeedBatch): void;
}

/**
 * Follows one store's log for every live subscription of this instance: one read per wake-up,
 * however many sockets listen, then an in-memory dispatch. Reads run one at a time, each from
 * `position`, so the batches dispatched after a subscriber attaches hold every event after the
 * `position` it attached at, in order. That is what makes the replay-to-live switch gap-free.
 */
export class StoreFeed {
  /** Every event up to here has been dispatched. */
  position = 0;
  private readonly subscribers = new Set<FeedSubscriber>();
  private started = false;
  private reading = false;
  private readAgain = false;
  private stopped = false;

  constructor(
    readonly eventStoreId: string,
    private readonly eventLog: EventLog,
    private readonly logger: Logger,
  ) {}

  /** Starts at the store's last position: subscribers come with their own replay for what lies before. */
  async start(): Promise<void> {
    this.position = (await this.eventLog.lastPosition(this.eventStoreId)) ?? 0;
    this.started = true;
  }

  attach(subscriber: FeedSubscriber): void {
    this.subscribers.add(subscriber);
  }

  detach(subscriber: FeedSubscriber): void {
    this.subscribers.delete(subscriber);
  }

  /** A NOTIFY, a poll or a new subscriber says the store may have moved past `position`. */
  wake(lastPosition?: number): void {
    if (!this.started || this.stopped || (lastPosition !== undefined && lastPosition <= this.position)) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    void this.follow();
  }

  stop(): void {
    this.stopped = true;
    this.subscribers.clear();
  }

  private async follow(): Promise<void> {
    this.reading = true;
    try {
      do {
        this.readAgain = false;
        const { events, lastPosition } = await this.eventLog.readMatchingAfter(this.eventStoreId, EVERY_EVENT, this.position, FEED_PAGE_SIZE);
        if (this.stopped) return;
        const full = events.length === FEED_PAGE_SIZE;
        // A short page saw the whole store as of its snapshot: nothing up to lastPosition is missing.
        const upTo = full ? events[events.length - 1].globalPosition : Math.max(this.position, lastPosition);
        if (upTo > this.position) this.dispatch({ events: events.map(toFeedEvent), upTo });
        if (full) this.readAgain = true;
      } while (this.readAgain && !this.stopped);
    } catch (error) {
      // The next NOTIFY or the audit's poll (every second) tries again from the same position.
      this.logger.warn(`Live feed of ${this.eventStoreId} could not read: ${(error as Error).message}`);
    } finally {
      this.reading = false;
    }
  }

  private dispatch(batch: FeedBatch): void {
    this.position = batch.upTo;
    for (const subscriber of this.subscribers) subscriber.receive(batch);
  }
}
