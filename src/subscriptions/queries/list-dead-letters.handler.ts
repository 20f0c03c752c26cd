import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EventLogReader } from '../../event-log/read/event-log-reader';
import { TenantDatabase } from '../../database/tenant-shares/tenant-database';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { DeliveryStateRepository } from '../delivery/delivery-state.repository';
import { SubscriptionRepository } from '../subscription.repository';
import { SubscriptionNotFoundError } from '../subscriptions.errors';
import { ListDeadLettersQuery, ListedDeadLetter } from './list-dead-letters.query';

/** The dead letters, then their events' types and streams in one read by primary key (never their payloads). */
@QueryHandler(ListDeadLettersQuery)
export class ListDeadLettersHandler implements IQueryHandler<ListDeadLettersQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly subscriptions: SubscriptionRepository,
    private readonly deliveryState: DeliveryStateRepository,
    private readonly eventLog: EventLogReader,
    private readonly database: TenantDatabase,
  ) {}

  async execute({ tenantId, eventStoreRef, subscriptionId }: ListDeadLettersQuery): Promise<ListedDeadLetter[]> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    const db = this.database.for(tenantId);
    if (!(await this.subscriptions.exists(db, eventStoreId, subscriptionId))) throw new SubscriptionNotFoundError(subscriptionId);
    const deadLetters = await this.deliveryState.listDeadLetters(db, eventStoreId, subscriptionId);
    const events = await this.eventLog.eventHeadsAt(
      db,
      eventStoreId,
      deadLetters.map((deadLetter) => deadLetter.globalPosition),
    );
    return deadLetters.map((deadLetter) => ({ deadLetter, event: events.get(deadLetter.globalPosition) ?? null }));
  }
}
