import { Query } from '@nestjs/cqrs';
import type { SubscriptionEntity } from '../entities/subscription.entity';

export class GetSubscriptionQuery extends Query<SubscriptionEntity> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly subscriptionId: string,
  ) {
    super();
  }
}
