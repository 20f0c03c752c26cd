import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { WebSocketSubscription, WebSocketSubscriptions } from '../../websocket-gateway/connections/websocket-subscriptions';
import { SubscriptionEntity } from '../entities/subscription.entity';
import { SubscriptionRepository } from '../subscription.repository';
import { SubscriptionNotFoundError } from '../subscriptions.errors';
import { GetSubscriptionQuery } from './get-subscription.query';

@QueryHandler(GetSubscriptionQuery)
export class GetSubscriptionHandler implements IQueryHandler<GetSubscriptionQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly subscriptions: SubscriptionRepository,
    private readonly database: TenantDatabase,
    private readonly websockets: WebSocketSubscriptions,
  ) {}

  async execute({ tenantId, eventStoreRef, subscriptionId }: GetSubscriptionQuery): Promise<SubscriptionEntity | WebSocketSubscription> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    const subscription =
      (await this.subscriptions.find(this.database.for(tenantId), eventStoreId, subscriptionId)) ??
      (await this.websockets.find(eventStoreId, subscriptionId));
    if (!subscription) throw new SubscriptionNotFoundError(subscriptionId);
    return subscription;
  }
}
