import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { WebSocketSubscription, WebSocketSubscriptions } from '../../websocket-gateway/connections/websocket-subscriptions';
import { SubscriptionEntity } from '../entities/subscription.entity';
import { SubscriptionNotFoundError } from '../subscriptions.errors';
import { GetSubscriptionQuery } from './get-subscription.query';

@QueryHandler(GetSubscriptionQuery)
export class GetSubscriptionHandler implements IQueryHandler<GetSubscriptionQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
    private readonly websockets: WebSocketSubscriptions,
  ) {}

  async execute({ tenantId, eventStoreRef, subscriptionId }: GetSubscriptionQuery): Promise<SubscriptionEntity | WebSocketSubscription> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    const subscription =
      (await this.subscriptions.findOneBy({ eventStoreId, id: subscriptionId })) ?? (await this.websockets.find(eventStoreId, subscriptionId));
    if (!subscription) throw new SubscriptionNotFoundError(subscriptionId);
    return subscription;
  }
}
