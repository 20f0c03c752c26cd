import { Query } from '@nestjs/cqrs';
import type { EventPage } from '../event-log';
import type { EventsFilter } from '../events-query';

export class ReadEventsQuery extends Query<EventPage> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly filter: EventsFilter,
  ) {
    super();
  }
}
