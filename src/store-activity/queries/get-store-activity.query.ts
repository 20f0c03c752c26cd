import { Query } from '@nestjs/cqrs';

export interface StoreActivity {
  eventStoreId: string;
  lastPosition: number;
  minutes: { start: Date; events: number }[];
}

/** How many events a store took in each of the last 60 minutes. */
export class GetStoreActivityQuery extends Query<StoreActivity> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
  ) {
    super();
  }
}
