import { Query } from '@nestjs/cqrs';
import type { EventPage } from '../../event-log/read/event-log-reader';
import type { EventsFilter } from '../../event-log/read/events-query';

export class ReadEventsQuery extends Query<EventPage> {
  constructor(
    readonly tenantId: string,
    readonly eventStoreRef: string,
    readonly filter: EventsFilter,
    /** The request's Min-Global-Position: where a standby must have replayed the store to serve the read. */
    readonly minPosition: number,
  ) {
    super();
  }
}
