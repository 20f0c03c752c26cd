import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { DeliveryStateRepository } from '../delivery/delivery-state.repository';
import { DeadLetterEntity } from '../entities/dead-letter.entity';
import { SubscriptionRepository } from '../subscription.repository';
import { SubscriptionNotFoundError } from '../subscriptions.errors';
import { ListDeadLettersQuery } from './list-dead-letters.query';

@QueryHandler(ListDeadLettersQuery)
export class ListDeadLettersHandler implements IQueryHandler<ListDeadLettersQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly subscriptions: SubscriptionRepository,
    private readonly deliveryState: DeliveryStateRepository,
  ) {}

  async execute({ tenantId, eventStoreRef, subscriptionId }: ListDeadLettersQuery): Promise<DeadLetterEntity[]> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    if (!(await this.subscriptions.exists(eventStoreId, subscriptionId))) throw new SubscriptionNotFoundError(subscriptionId);
    return this.deliveryState.listDeadLetters(eventStoreId, subscriptionId);
  }
}
