import { Query } from '@nestjs/cqrs';
import type { WebSocketSubscription } from '../../websocket-gateway/connections/websocket-subscriptions';
import type { SubscriptionEntity } from '../entities/subscription.entity';

/** A webhook subscription, or one held by an open socket. */
export class GetSubscriptionQuery extends Query<SubscriptionEntity | WebSocketSubscription> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly subscriptionId: string,
  ) {
    super();
  }
}
