import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { StreamListReader } from '../../event-log/read/stream-list-reader';
import { ListStreamsQuery, StreamListPage } from './list-streams.query';

@QueryHandler(ListStreamsQuery)
export class ListStreamsHandler implements IQueryHandler<ListStreamsQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly streamList: StreamListReader,
  ) {}

  async execute({ tenantId, eventStoreRef, page, minPosition }: ListStreamsQuery): Promise<StreamListPage> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    return this.streamList.listStreams({ tenantId, minPosition }, eventStoreId, page);
  }
}
