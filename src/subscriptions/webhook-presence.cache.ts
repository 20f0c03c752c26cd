import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { TenantDatabase } from '../database/tenant-shares/tenant-database';
import { SubscriptionRepository } from './subscription.repository';

/** How long "this store has (no) webhook subscriptions" is believed without asking again. */
export const WEBHOOK_PRESENCE_TTL_MS = 1000;

/**
 * Whether a store has webhook subscriptions, remembered briefly, so that appends to stores without
 * any skip the worker's wake-up (a Redis round trip per committed batch). A subscription created on
 * this instance counts at once; one created on another instance within the TTL, once the TTL
 * lapses. Creating a subscription wakes it anyway, and the worker's sweep finds what a skipped
 * wake-up would have announced, so nothing is lost, only delayed by at most a sweep.
 */
@Injectable()
export class WebhookPresenceCache {
  private readonly known = new LRUCache<string, boolean>({ max: 10_000, ttl: WEBHOOK_PRESENCE_TTL_MS });

  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly database: TenantDatabase,
  ) {}

  /**
   * Whether the store of `tenantId` has webhook subscriptions, asked after its appends commit: as part of
   * them, within the tenant's share of the database for appends (reads never hold those back).
   */
  async has(tenantId: string, eventStoreId: string): Promise<boolean> {
    const known = this.known.get(eventStoreId);
    if (known !== undefined) return known;
    const present = await this.subscriptions.existsInStore(this.database.for(tenantId, 'append'), eventStoreId);
    this.known.set(eventStoreId, present);
    return present;
  }

  added(eventStoreId: string): void {
    this.known.set(eventStoreId, true);
  }
}
