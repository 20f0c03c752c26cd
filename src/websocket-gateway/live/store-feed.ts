import type { Logger } from '@nestjs/common';
import type { Queryable } from '../../database/replicas/read-replicas';
import type { EventLogReader } from '../../event-log/read/event-log-reader';
import { FEED_PAGE_SIZE, FEED_READ_INTERVAL_MS } from '../websocket.constants';
import { FeedBatch } from './event-frame';

const EVERY_EVENT = { kind: 'all' } as const;

export interface FeedSubscriber {
  receive(batch: FeedBatch): void;
  /** The store now ends at `lastPosition`, below what was already dispatched: its history was rolled back. */
  rolledBack(lastPosition: number): void;
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
  /** A read is running or scheduled. */
  private busy = false;
  private readAgain = false;
  private stopped = false;
  private lastReadAt = -Infinity;
  private timer?: NodeJS.Timeout;

  constructor(
    readonly eventStoreId: string,
    /** The primary for the store's tenant: its reads take that tenant's share of the database, whatever woke them. */
    private readonly primary: Queryable,
    private readonly eventLog: EventLogReader,
    private readonly logger: Logger,
  ) {}

  /** Starts at the store's last position: subscribers come with their own replay for what lies before. */
  async start(): Promise<void> {
    this.position = (await this.eventLog.lastPosition(this.primary, this.eventStoreId)) ?? 0;
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
    if (this.busy) {
      this.readAgain = true;
      return;
    }
    this.schedule();
  }

  /**
   * The store's last position as the audit read it, once a second. Unlike a notification, which may
   * arrive after the feed has read past it, a position below the feed's is worth a read too: the
   * store may have been rolled back, and its new events sit at positions already dispatched.
   */
  poll(lastPosition: number): void {
    if (lastPosition < this.position) {
      if (!this.started || this.stopped) return;
      if (this.busy) this.readAgain = true;
      else this.schedule();
      return;
    }
    this.wake(lastPosition);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.subscribers.clear();
  }

  /**
   * Reads now, or FEED_READ_INTERVAL_MS after the previous read began. A quiet store's event goes
   * out at once; under a stream of appends, each read takes what arrived meanwhile, and every socket
   * gets it in one write rather than one per event.
   */
  private schedule(): void {
    this.busy = true;
    const wait = this.lastReadAt + FEED_READ_INTERVAL_MS - performance.now();
    if (wait <= 0) return void this.follow();
    this.timer = setTimeout(() => void this.follow(), wait);
  }

  private async follow(): Promise<void> {
    this.readAgain = false;
    this.lastReadAt = performance.now();
    let backlog = false;
    try {
      const page = await this.eventLog.readMatchingAfter(this.primary, this.eventStoreId, EVERY_EVENT, this.position, FEED_PAGE_SIZE, {
        shape: 'frame',
      });
      if (this.stopped) return;
      // Positions only grow, so a store ending below what was dispatched lost events its subscribers were sent.
      if (!page.hasMore && page.lastPosition < this.position) return this.rollBack(page.lastPosition);
      // A page that reached the store's end saw it whole as of its snapshot: nothing up to lastPosition is missing.
      backlog = page.hasMore;
      const upTo = backlog ? page.events[page.events.length - 1].globalPosition : Math.max(this.position, page.lastPosition);
      if (upTo > this.position) this.dispatch({ events: page.events, upTo });
    } catch (error) {
      // The next NOTIFY or the audit's poll (every second) tries again from the same position.
      this.logger.warn(`Live feed of ${this.eventStoreId} could not read: ${(error as Error).message}`);
    }
    this.busy = false;
    if (this.stopped) return;
    if (backlog) {
      this.busy = true;
      void this.follow();
    } else if (this.readAgain) {
      this.schedule();
    }
  }

  /**
   * Says so in the log and to every subscriber, which closes its socket (CLOSE_HISTORY_ROLLED_BACK)
   * rather than skip the positions handed out again; the feed goes on from the store's end.
   */
  private rollBack(lastPosition: number): void {
    this.logger.warn(
      `Store ${this.eventStoreId} now ends at position ${lastPosition}, below the ${this.position} its live subscribers were sent: ` +
        'its history was rolled back (a failover to a standby behind the primary, or a restore); closing them so that they re-read',
    );
    this.position = lastPosition;
    const subscribers = [...this.subscribers];
    this.subscribers.clear();
    for (const subscriber of subscribers) subscriber.rolledBack(lastPosition);
    this.busy = false;
  }

  private dispatch(batch: FeedBatch): void {
    this.position = batch.upTo;
    for (const subscriber of this.subscribers) subscriber.receive(batch);
  }
}
