import { Query } from '@nestjs/cqrs';
import type { DcbQueryItem, DcbReadResult } from '../../event-log/read/dcb-event-reader';

export class ReadDcbEventsQuery extends Query<DcbReadResult> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly items: DcbQueryItem[],
    readonly after: number,
    readonly limit: number,
    /** The request's Min-Global-Position: where a standby must have replayed the store to serve the read. */
    readonly minPosition: number,
  ) {
    super();
  }
}
