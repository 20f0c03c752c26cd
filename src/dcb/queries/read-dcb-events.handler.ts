import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { DcbEventReader, DcbReadResult } from '../../event-log/read/dcb-event-reader';
import { ReadDcbEventsQuery } from './read-dcb-events.query';
import { DcbQueryBudget } from '../dcb-query-cost';

@QueryHandler(ReadDcbEventsQuery)
export class ReadDcbEventsHandler implements IQueryHandler<ReadDcbEventsQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly dcbLog: DcbEventReader,
    private readonly budget: DcbQueryBudget,
  ) {}

  async execute({ tenantId, eventStoreRef, items, after, limit, minPosition }: ReadDcbEventsQuery): Promise<DcbReadResult> {
    this.budget.check(items, 'query.items');
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    return this.dcbLog.read({ tenantId, minPosition }, eventStoreId, items, after, limit);
  }
}
