import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { DeliveryStateRepository } from '../delivery/delivery-state.repository';
import { WebhookDeliveryQueue } from '../delivery/webhook-delivery.queue';
import { SubscriptionRepository } from '../subscription.repository';
import { SubscriptionNotFoundError } from '../subscriptions.errors';
import { ReplayDeadLettersCommand } from './replay-dead-letters.command';

/**
 * Marks every dead letter of the subscription for replay in one statement (those already marked keep
 * their place) and wakes the subscription once, as a single replay does.
 */
@CommandHandler(ReplayDeadLettersCommand)
export class ReplayDeadLettersHandler implements ICommandHandler<ReplayDeadLettersCommand> {
  private readonly logger = new Logger(ReplayDeadLettersHandler.name);

  constructor(
    private readonly stores: EventStoreResolver,
    private readonly subscriptions: SubscriptionRepository,
    private readonly queue: WebhookDeliveryQueue,
    private readonly deliveryState: DeliveryStateRepository,
    private readonly database: TenantDatabase,
  ) {}

  async execute({ tenantId, eventStoreRef, subscriptionId }: ReplayDeadLettersCommand): Promise<number> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    const db = this.database.for(tenantId);
    if (!(await this.subscriptions.exists(db, eventStoreId, subscriptionId))) throw new SubscriptionNotFoundError(subscriptionId);
    const queued = await this.deliveryState.requestReplayOfAll(db, eventStoreId, subscriptionId);
    if (queued > 0)
      await this.queue
        .wakeSubscriptions(eventStoreId, [subscriptionId], `replay-all.${Date.now()}`)
        .catch((error: Error) => this.logger.warn(`Replay of ${subscriptionId}'s dead letters waits for the sweep: ${error.message}`));
    return queued;
  }
}
