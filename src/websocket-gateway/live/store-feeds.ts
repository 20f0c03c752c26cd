import { Injectable, Logger } from '@nestjs/common';
import { AppendNotifications } from '../../event-log/notifications/append-notifications';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import { EventLogReader } from '../../event-log/read/event-log-reader';
import { StoreFeed } from './store-feed';

interface FollowedStore {
  feed: StoreFeed;
  ready: Promise<void>;
  users: number;
}

/**
 * This instance's feeds: one per store that has a live subscription here, dropped with its last one.
 * Each append notification wakes the feed of its store, if this instance follows it; a lost one is
 * made good by the audit's poll, at most a second later.
 */
@Injectable()
export class StoreFeeds {
  private readonly logger = new Logger(StoreFeeds.name);
  private readonly followed = new Map<string, FollowedStore>();

  constructor(
    private readonly eventLog: EventLogReader,
    private readonly database: TenantDatabase,
    notifications: AppendNotifications,
  ) {
    notifications.listen((eventStoreId, lastPosition) => this.wake(eventStoreId, lastPosition));
  }

  /** The store's feed, started; every acquire is matched by one release. `tenantId` owns the store. */
  async acquire(eventStoreId: string, tenantId: string): Promise<StoreFeed> {
    let entry = this.followed.get(eventStoreId);
    if (!entry) {
      const feed = new StoreFeed(eventStoreId, this.database.for(tenantId), this.eventLog, this.logger);
      entry = { feed, ready: feed.start(), users: 0 };
      this.followed.set(eventStoreId, entry);
    }
    entry.users += 1;
    try {
      await entry.ready;
    } catch (error) {
      this.release(entry.feed);
      throw error;
    }
    return entry.feed;
  }

  release(feed: StoreFeed): void {
    const entry = this.followed.get(feed.eventStoreId);
    if (!entry || entry.feed !== feed) return;
    entry.users -= 1;
    if (entry.users > 0) return;
    feed.stop();
    this.followed.delete(feed.eventStoreId);
  }

  wake(eventStoreId: string, lastPosition?: number): void {
    this.followed.get(eventStoreId)?.feed.wake(lastPosition);
  }

  /** The audit read the store's last position (see StoreFeed.poll). */
  poll(eventStoreId: string, lastPosition: number): void {
    this.followed.get(eventStoreId)?.feed.poll(lastPosition);
  }
}
