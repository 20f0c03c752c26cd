import { Query } from '@nestjs/cqrs';
import type { SubscriptionEntity } from '../entities/subscription.entity';

/** A store's subscriptions, oldest first; a store has few, so the list is not paged. */
export class ListSubscriptionsQuery extends Query<SubscriptionEntity[]> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
  ) {
    super();
  }
}
