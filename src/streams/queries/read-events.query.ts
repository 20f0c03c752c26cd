import { Query } from '@nestjs/cqrs';
import type { EventPage, EventsFilter } from '../event-log';

export class ReadEventsQuery extends Query<EventPage> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly filter: EventsFilter,
  ) {
    super();
  }
}
