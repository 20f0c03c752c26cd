import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { SubscriptionEntity } from '../entities/subscription.entity';
import { SubscriptionNotFoundError } from '../subscriptions.errors';
import { GetSubscriptionQuery } from './get-subscription.query';

@QueryHandler(GetSubscriptionQuery)
export class GetSubscriptionHandler implements IQueryHandler<GetSubscriptionQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
  ) {}

  async execute({ tenantId, eventStoreRef, subscriptionId }: GetSubscriptionQuery): Promise<SubscriptionEntity> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    const subscription = await this.subscriptions.findOneBy({ eventStoreId, id: subscriptionId });
    if (!subscription) throw new SubscriptionNotFoundError(subscriptionId);
    return subscription;
  }
}
