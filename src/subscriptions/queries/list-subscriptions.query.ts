import { Query } from '@nestjs/cqrs';
import type { WebSocketSubscription } from '../../websocket-gateway/connections/websocket-subscriptions';
import type { SubscriptionEntity } from '../entities/subscription.entity';

export interface StoreSubscriptions {
  webhooks: SubscriptionEntity[];
  /** Those of the store's open sockets, on every API instance. */
  websockets: WebSocketSubscription[];
}

/** A store's subscriptions; a store has few, so the list is not paged. */
export class ListSubscriptionsQuery extends Query<StoreSubscriptions> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
  ) {
    super();
  }
}
