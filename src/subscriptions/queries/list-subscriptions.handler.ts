import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { SubscriptionEntity } from '../entities/subscription.entity';
import { ListSubscriptionsQuery } from './list-subscriptions.query';

@QueryHandler(ListSubscriptionsQuery)
export class ListSubscriptionsHandler implements IQueryHandler<ListSubscriptionsQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
  ) {}

  async execute({ tenantId, eventStoreRef }: ListSubscriptionsQuery): Promise<SubscriptionEntity[]> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    return this.subscriptions.find({ where: { eventStoreId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }
}
