import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { DcbLog, DcbReadResult } from '../dcb-log';
import { ReadDcbEventsQuery } from './read-dcb-events.query';

@QueryHandler(ReadDcbEventsQuery)
export class ReadDcbEventsHandler implements IQueryHandler<ReadDcbEventsQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly dcbLog: DcbLog,
  ) {}

  async execute({ tenantId, eventStoreRef, items, after, limit }: ReadDcbEventsQuery): Promise<DcbReadResult> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    return this.dcbLog.read(eventStoreId, items, after, limit);
  }
}
