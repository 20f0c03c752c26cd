import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { DcbEventReader, DcbReadResult } from '../../event-log/read/dcb-event-reader';
import { ReadDcbEventsQuery } from './read-dcb-events.query';

@QueryHandler(ReadDcbEventsQuery)
export class ReadDcbEventsHandler implements IQueryHandler<ReadDcbEventsQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly dcbLog: DcbEventReader,
  ) {}

  async execute({ tenantId, eventStoreRef, items, after, limit }: ReadDcbEventsQuery): Promise<DcbReadResult> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    return this.dcbLog.read(eventStoreId, items, after, limit);
  }
}
