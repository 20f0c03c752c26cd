import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { EventLogReader } from '../../event-log/read/event-log-reader';
import { StreamNotFoundError } from '../stream.errors';
import { ReadStreamQuery, StreamPage } from './read-stream.query';

@QueryHandler(ReadStreamQuery)
export class ReadStreamHandler implements IQueryHandler<ReadStreamQuery> {
  constructor(
    private readonly stores: EventStoreResolver,
    private readonly eventLog: EventLogReader,
  ) {}

  async execute({ tenantId, eventStoreRef, streamId, range, minPosition }: ReadStreamQuery): Promise<StreamPage> {
    const eventStoreId = await this.stores.resolveId(tenantId, eventStoreRef);
    const page = await this.eventLog.readStream({ tenantId, minPosition }, eventStoreId, streamId, range);
    // A stream emptied by retention still has a version, so it reads as 200 with no events.
    if (!page) throw new StreamNotFoundError(eventStoreId, streamId);
    return { streamId, ...page };
  }
}
