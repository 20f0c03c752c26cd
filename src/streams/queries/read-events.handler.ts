import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { EventLogReader, EventPage } from '../../event-log/read/event-log-reader';
import { ReadEventsQuery } from './read-events.query';

@QueryHandler(ReadEventsQuery)
export class ReadEventsHandler implements IQueryHandler<ReadEventsQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly eventLog: EventLogReader,
  ) {}

  async execute({ tenantId, eventStoreRef, filter, minPosition }: ReadEventsQuery): Promise<EventPage> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    return this.eventLog.readEvents({ tenantId, minPosition }, eventStoreId, filter);
  }
}
