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
    /** The request's Min-Global-Position: where a standby must have replayed the store to serve the read. */
    readonly minPosition: number,
  ) {
    super();
  }
}
