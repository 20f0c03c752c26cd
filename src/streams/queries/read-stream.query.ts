import { Query } from '@nestjs/cqrs';
import type { EventPage, StreamRange } from '../../event-log/read/event-log-reader';

export interface StreamPage extends EventPage {
  streamId: string;
  streamVersion: number;
}

export class ReadStreamQuery extends Query<StreamPage> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly streamId: string,
    readonly range: StreamRange,
  ) {
    super();
  }
}
