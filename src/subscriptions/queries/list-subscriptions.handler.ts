import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { WebSocketSubscriptions } from '../../websocket-gateway/connections/websocket-subscriptions';
import { SubscriptionRepository } from '../subscription.repository';
import { ListSubscriptionsQuery, StoreSubscriptions } from './list-subscriptions.query';

@QueryHandler(ListSubscriptionsQuery)
export class ListSubscriptionsHandler implements IQueryHandler<ListSubscriptionsQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly subscriptions: SubscriptionRepository,
    private readonly database: TenantDatabase,
    private readonly websockets: WebSocketSubscriptions,
  ) {}

  async execute({ tenantId, eventStoreRef }: ListSubscriptionsQuery): Promise<StoreSubscriptions> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    const [webhooks, websockets] = await Promise.all([
      this.subscriptions.listInStore(this.database.for(tenantId), eventStoreId),
      this.websockets.list(eventStoreId),
    ]);
    return { webhooks, websockets };
  }
}
