import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { WebSocketSubscriptions } from '../../websocket-gateway/connections/websocket-subscriptions';
import { SubscriptionEntity } from '../entities/subscription.entity';
import { ListSubscriptionsQuery, StoreSubscriptions } from './list-subscriptions.query';

@QueryHandler(ListSubscriptionsQuery)
export class ListSubscriptionsHandler implements IQueryHandler<ListSubscriptionsQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
    private readonly websockets: WebSocketSubscriptions,
  ) {}

  async execute({ tenantId, eventStoreRef }: ListSubscriptionsQuery): Promise<StoreSubscriptions> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    const [webhooks, websockets] = await Promise.all([
      this.subscriptions.find({ where: { eventStoreId }, order: { createdAt: 'ASC', id: 'ASC' } }),
      this.websockets.list(eventStoreId),
    ]);
    return { webhooks, websockets };
  }
}
