import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { DeadLetterEntity } from '../entities/dead-letter.entity';
import { SubscriptionEntity } from '../entities/subscription.entity';
import { SubscriptionNotFoundError } from '../subscriptions.errors';
import { ListDeadLettersQuery } from './list-dead-letters.query';

@QueryHandler(ListDeadLettersQuery)
export class ListDeadLettersHandler implements IQueryHandler<ListDeadLettersQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    @InjectRepository(SubscriptionEntity) private readonly subscriptions: Repository<SubscriptionEntity>,
    @InjectRepository(DeadLetterEntity) private readonly deadLetters: Repository<DeadLetterEntity>,
  ) {}

  async execute({ tenantId, eventStoreRef, subscriptionId }: ListDeadLettersQuery): Promise<DeadLetterEntity[]> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    if (!(await this.subscriptions.existsBy({ eventStoreId, id: subscriptionId }))) throw new SubscriptionNotFoundError(subscriptionId);
    return this.deadLetters.find({ where: { eventStoreId, subscriptionId }, order: { globalPosition: 'ASC' } });
  }
}
