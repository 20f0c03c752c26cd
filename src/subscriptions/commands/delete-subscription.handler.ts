import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { WebSocketSubscriptions } from '../../websocket-gateway/connections/websocket-subscriptions';
import { SubscriptionEntity } from '../entities/subscription.entity';
import { SubscriptionNotFoundError } from '../subscriptions.errors';
import { DeleteSubscriptionCommand } from './delete-subscription.command';

/**
 * Dead letters go with it (ON DELETE CASCADE). A delivery in flight finishes its one request; its
 * bookkeeping then finds no row and the delivery stops. A WebSocket subscription is ended on its
 * socket's instance, which tells the client `unsubscribed`.
 */
@CommandHandler(DeleteSubscriptionCommand)
export class DeleteSubscriptionHandler implements ICommandHandler<DeleteSubscriptionCommand> {
  constructor(
    private readonly stores: EventStoreResolver,
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
    private readonly websockets: WebSocketSubscriptions,
  ) {}

  async execute({ tenantId, eventStoreRef, subscriptionId }: DeleteSubscriptionCommand): Promise<void> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    const { affected } = await this.subscriptions.delete({ eventStoreId, id: subscriptionId });
    if (!affected && !(await this.websockets.end(eventStoreId, subscriptionId))) throw new SubscriptionNotFoundError(subscriptionId);
  }
}
