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
  ) {
    super();
  }
}
