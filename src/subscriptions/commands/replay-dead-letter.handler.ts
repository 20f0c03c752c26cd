import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { DeliveryStateRepository } from '../delivery/delivery-state.repository';
import { WebhookDeliveryQueue } from '../delivery/webhook-delivery.queue';
import { DeadLetterNotFoundError } from '../subscriptions.errors';
import { ReplayDeadLetterCommand } from './replay-dead-letter.command';

/**
 * Marks the dead letter for replay (a second request keeps its place in line) and wakes the
 * subscription. The mark is the truth; if the wake-up is lost, the worker's sweep finds the mark.
 */
@CommandHandler(ReplayDeadLetterCommand)
export class ReplayDeadLetterHandler implements ICommandHandler<ReplayDeadLetterCommand> {
  private readonly logger = new Logger(ReplayDeadLetterHandler.name);

  constructor(
    private readonly stores: EventStoreResolver,
    private readonly queue: WebhookDeliveryQueue,
    private readonly deliveryState: DeliveryStateRepository,
    private readonly database: TenantDatabase,
  ) {}

  async execute({ tenantId, eventStoreRef, subscriptionId, deadLetterId }: ReplayDeadLetterCommand): Promise<void> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    if (!(await this.deliveryState.requestReplay(this.database.for(tenantId), eventStoreId, subscriptionId, deadLetterId)))
      throw new DeadLetterNotFoundError(subscriptionId, deadLetterId);
    await this.queue
      .wakeSubscriptions(eventStoreId, [subscriptionId], `replay.${deadLetterId}.${Date.now()}`)
      .catch((error: Error) => this.logger.warn(`Replay of ${deadLetterId} waits for the sweep: ${error.message}`));
  }
}
