import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ValidationError } from '../../common/errors/common.errors';
import { newId } from '../../common/ids';
import { EnvironmentVariables } from '../../config/environment-variables';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { EventLogReader } from '../../event-log/read/event-log-reader';
import { WebhookDeliveryQueue } from '../delivery/webhook-delivery.queue';
import { SubscriptionEntity } from '../entities/subscription.entity';
import { StoresWithWebhooks } from '../stores-with-webhooks';
import { SubscriptionLimitError } from '../subscriptions.errors';
import { WebhookTargetPolicy } from '../webhook-target-policy';
import { newWebhookSecret } from '../webhook-secret';
import { CreatedSubscription, CreateSubscriptionCommand, NewWebhookSubscription, StartPosition } from './create-subscription.command';

/** Seed of the transaction lock on a store's subscriptions, keeping it apart from other advisory-lock users. */
const CREATE_LOCK_KEY_SEED = 4217003;

/**
 * DECISIONS §8: the same filter, url and headers (and secret, when one is given) as an existing
 * webhook subscription returns that one. The lookup, the count against MAX_SUBSCRIPTIONS_PER_STORE
 * and the insert run under a transaction lock on the store's subscriptions, so two identical
 * requests at once still make one subscription and concurrent creates cannot pass the cap together.
 * An identical subscription is returned even at the cap: retrying a create never fails. A new
 * subscription is woken at once: events it starts before are due now, not at the next append.
 */
@CommandHandler(CreateSubscriptionCommand)
export class CreateSubscriptionHandler implements ICommandHandler<CreateSubscriptionCommand> {
  private readonly logger = new Logger(CreateSubscriptionHandler.name);
  private readonly maxPerStore: number;

  constructor(
    config: EnvironmentVariables,
    private readonly stores: EventStoreResolver,
    private readonly targets: WebhookTargetPolicy,
    private readonly queue: WebhookDeliveryQueue,
    private readonly storesWithWebhooks: StoresWithWebhooks,
    private readonly eventLog: EventLogReader,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.maxPerStore = config.MAX_SUBSCRIPTIONS_PER_STORE;
  }

  async execute({ tenantId, eventStoreRef, subscription }: CreateSubscriptionCommand): Promise<CreatedSubscription> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    const refusal = await this.targets.refusal(subscription.url);
    if (refusal) throw new ValidationError([{ field: 'subscriberConfig.url', message: refusal }]);

    const outcome = await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, $2))`, [eventStoreId, CREATE_LOCK_KEY_SEED]);
      const existing = await manager
        .createQueryBuilder(SubscriptionEntity, 's')
        .where('s.eventStoreId = :eventStoreId AND s.eventFilter = :eventFilter AND s.url = :url', { eventStoreId, ...subscription })
        .andWhere('s.headers = :headers::jsonb', { headers: JSON.stringify(subscription.headers) })
        .andWhere(subscription.secret === undefined ? 'true' : 's.secret = :secret', { secret: subscription.secret })
        .orderBy('s.createdAt')
        .getOne();
      if (existing) return { subscription: existing, created: false };
      await this.refuseOverCap(manager, eventStoreId);
      return { subscription: await this.insert(manager, eventStoreId, subscription), created: true };
    });
    if (outcome.created) {
      this.storesWithWebhooks.added(eventStoreId);
      this.queue
        .wakeSubscriptions(eventStoreId, [outcome.subscription.id], 'created')
        .catch((error: Error) => this.logger.warn(`First wake-up of ${outcome.subscription.id} left to the sweep: ${error.message}`));
    }
    return outcome;
  }

  private async refuseOverCap(manager: EntityManager, eventStoreId: string): Promise<void> {
    const [{ count }] = await manager.query(`SELECT count(*)::int AS count FROM subscriptions WHERE event_store_id = $1`, [eventStoreId]);
    if (count >= this.maxPerStore) throw new SubscriptionLimitError(eventStoreId, this.maxPerStore);
  }

  private async insert(manager: EntityManager, eventStoreId: string, subscription: NewWebhookSubscription): Promise<SubscriptionEntity> {
    const created = manager.create(SubscriptionEntity, {
      eventStoreId,
      id: newId('sub'),
      eventFilter: subscription.eventFilter,
      subscriberType: 'webhook',
      url: subscription.url,
      headers: subscription.headers,
      secret: subscription.secret ?? newWebhookSecret(),
      ...subscription.retryPolicy,
      checkpoint: await this.startCheckpoint(manager, eventStoreId, subscription.position),
      lastDeliveryAttempt: null,
      retryPosition: null,
      retryAt: null,
    });
    await manager.insert(SubscriptionEntity, created);
    return created;
  }

  /** `latest` reads the store's last position in this transaction: later appends are delivered, earlier ones not. */
  private async startCheckpoint(manager: EntityManager, eventStoreId: string, position: StartPosition): Promise<number> {
    if (position === 'beginning') return 0;
    if (typeof position === 'number') return position;
    // Null only for a store deleted since it was resolved: the insert then fails on its foreign key.
    return (await this.eventLog.lastPosition(eventStoreId, manager)) ?? 0;
  }
}
