import { Query } from '@nestjs/cqrs';
import type { DcbQueryItem, DcbReadResult } from '../dcb-log';

export class ReadDcbEventsQuery extends Query<DcbReadResult> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly items: DcbQueryItem[],
    readonly after: number,
    readonly limit: number,
  ) {
    super();
  }
}
