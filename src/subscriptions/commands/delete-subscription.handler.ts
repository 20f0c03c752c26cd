import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { WebSocketSubscriptions } from '../../websocket-gateway/connections/websocket-subscriptions';
import { SubscriptionRepository } from '../subscription.repository';
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
    private readonly subscriptions: SubscriptionRepository,
    private readonly database: TenantDatabase,
    private readonly websockets: WebSocketSubscriptions,
  ) {}

  async execute({ tenantId, eventStoreRef, subscriptionId }: DeleteSubscriptionCommand): Promise<void> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    const deleted = await this.subscriptions.delete(this.database.for(tenantId), eventStoreId, subscriptionId);
    if (!deleted && !(await this.websockets.end(eventStoreId, subscriptionId))) throw new SubscriptionNotFoundError(subscriptionId);
  }
}
