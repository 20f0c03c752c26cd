import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { newId } from '../common/ids';
import { ADVISORY_LOCKS, lockForTransaction } from '../database/advisory-locks';
import type { NewWebhookSubscription } from './commands/create-subscription.command';
import { SubscriptionEntity } from './entities/subscription.entity';
import { newWebhookSecret } from './webhook-secret';

/**
 * The `subscriptions` table's rows as the API creates, shows and deletes them, through TypeORM
 * where the ORM says it as well (none of it is hot but `existsInStore`). The delivery columns (checkpoint, retry state, failed deliveries) are
 * written by the worker through DeliveryStateRepository. Each method runs on the EntityManager it is
 * given: the tenant's database (TenantDatabase.for) or the caller's transaction.
 */
@Injectable()
export class SubscriptionRepository {
  /** Holds back other creates in the store until the transaction ends. */
  async lockStoreForCreate(manager: EntityManager, eventStoreId: string): Promise<void> {
    await lockForTransaction(manager, ADVISORY_LOCKS.subscriptionCreates(eventStoreId));
  }

  /** The oldest subscription with the same filter, url and headers (and secret, when one is given). */
  findIdentical(manager: EntityManager, eventStoreId: string, subscription: NewWebhookSubscription): Promise<SubscriptionEntity | null> {
    return manager
      .createQueryBuilder(SubscriptionEntity, 's')
      .where('s.eventStoreId = :eventStoreId AND s.eventFilter = :eventFilter AND s.url = :url', { eventStoreId, ...subscription })
      .andWhere('s.headers = :headers::jsonb', { headers: JSON.stringify(subscription.headers) })
      .andWhere(subscription.secret === undefined ? 'true' : 's.secret = :secret', { secret: subscription.secret })
      .orderBy('s.createdAt')
      .getOne();
  }

  async countInStore(manager: EntityManager, eventStoreId: string): Promise<number> {
    const [{ count }] = await manager.query(`SELECT count(*)::int AS count FROM subscriptions WHERE event_store_id = $1`, [eventStoreId]);
    return count;
  }

  /** A new webhook subscription whose delivery starts after `checkpoint`. */
  async insert(
    manager: EntityManager,
    eventStoreId: string,
    subscription: NewWebhookSubscription,
    checkpoint: number,
  ): Promise<SubscriptionEntity> {
    const created = manager.create(SubscriptionEntity, {
      eventStoreId,
      id: newId('sub'),
      eventFilter: subscription.eventFilter,
      subscriberType: 'webhook',
      url: subscription.url,
      headers: subscription.headers,
      secret: subscription.secret ?? newWebhookSecret(),
      ...subscription.retryPolicy,
      checkpoint,
      lastDeliveryAttempt: null,
      retryPosition: null,
      retryAt: null,
    });
    await manager.insert(SubscriptionEntity, created);
    return created;
  }

  find(manager: EntityManager, eventStoreId: string, subscriptionId: string): Promise<SubscriptionEntity | null> {
    return manager.findOneBy(SubscriptionEntity, { eventStoreId, id: subscriptionId });
  }

  exists(manager: EntityManager, eventStoreId: string, subscriptionId: string): Promise<boolean> {
    return manager.existsBy(SubscriptionEntity, { eventStoreId, id: subscriptionId });
  }

  /** Whether the store has any webhook subscription: asked after appends, so one raw indexed query. */
  async existsInStore(manager: EntityManager, eventStoreId: string): Promise<boolean> {
    const [{ present }] = await manager.query(`SELECT EXISTS (SELECT 1 FROM subscriptions WHERE event_store_id = $1) AS present`, [
      eventStoreId,
    ]);
    return present;
  }

  /** Oldest first. */
  listInStore(manager: EntityManager, eventStoreId: string): Promise<SubscriptionEntity[]> {
    return manager.find(SubscriptionEntity, { where: { eventStoreId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** Dead letters go with it (ON DELETE CASCADE). False when there was no such subscription. */
  async delete(manager: EntityManager, eventStoreId: string, subscriptionId: string): Promise<boolean> {
    const { affected } = await manager.delete(SubscriptionEntity, { eventStoreId, id: subscriptionId });
    return !!affected;
  }
}
