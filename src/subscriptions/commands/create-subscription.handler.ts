import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { EntityManager } from 'typeorm';
import { ValidationError } from '../../common/errors/common.errors';
import { EnvironmentVariables } from '../../config/environment-variables';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { EventLogReader } from '../../event-log/read/event-log-reader';
import { WebhookDeliveryQueue } from '../delivery/webhook-delivery.queue';
import { SubscriptionRepository } from '../subscription.repository';
import { SubscriptionLimitError } from '../subscriptions.errors';
import { WebhookPresenceCache } from '../webhook-presence.cache';
import { WebhookTargetPolicy } from '../webhook-target-policy';
import { CreatedSubscription, CreateSubscriptionCommand, StartPosition } from './create-subscription.command';

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
    private readonly storesWithWebhooks: WebhookPresenceCache,
    private readonly subscriptions: SubscriptionRepository,
    private readonly eventLog: EventLogReader,
    private readonly database: TenantDatabase,
  ) {
    this.maxPerStore = config.MAX_SUBSCRIPTIONS_PER_STORE;
  }

  async execute({ tenantId, eventStoreRef, subscription }: CreateSubscriptionCommand): Promise<CreatedSubscription> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    const refusal = await this.targets.refusal(subscription.url);
    if (refusal) throw new ValidationError([{ field: 'subscriberConfig.url', message: refusal }]);

    const outcome = await this.database.for(tenantId).transaction(async (manager) => {
      await this.subscriptions.lockStoreForCreate(manager, eventStoreId);
      const existing = await this.subscriptions.findIdentical(manager, eventStoreId, subscription);
      if (existing) return { subscription: existing, created: false };
      await this.refuseOverCap(manager, eventStoreId);
      const checkpoint = await this.startCheckpoint(manager, eventStoreId, subscription.position);
      return { subscription: await this.subscriptions.insert(manager, eventStoreId, subscription, checkpoint), created: true };
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
    if ((await this.subscriptions.countInStore(manager, eventStoreId)) >= this.maxPerStore)
      throw new SubscriptionLimitError(eventStoreId, this.maxPerStore);
  }

  /** `latest` reads the store's last position in this transaction: later appends are delivered, earlier ones not. */
  private async startCheckpoint(manager: EntityManager, eventStoreId: string, position: StartPosition): Promise<number> {
    if (position === 'beginning') return 0;
    if (typeof position === 'number') return position;
    // Null only for a store deleted since it was resolved: the insert then fails on its foreign key.
    return (await this.eventLog.lastPosition(manager, eventStoreId)) ?? 0;
  }
}
