import { Query } from '@nestjs/cqrs';
import type { StreamListRequest, StreamSummary } from '../../event-log/read/stream-list-reader';

export interface StreamListPage {
  streams: StreamSummary[];
  total: number;
}

export class ListStreamsQuery extends Query<StreamListPage> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly page: StreamListRequest,
    /** The request's Min-Global-Position: where a standby must have replayed the store to serve the read. */
    readonly minPosition: number,
  ) {
    super();
  }
}
