import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { EventsAppendedEvent } from '../append/events-appended.event';
import { AppendNotifications } from './append-notifications';

/**
 * After every committed batch of appends, its store and last position published through Redis for
 * every API instance's live feeds (see AppendNotifications). Not awaited by the appends.
 */
@EventsHandler(EventsAppendedEvent)
export class AnnounceAppendsHandler implements IEventHandler<EventsAppendedEvent> {
  constructor(private readonly notifications: AppendNotifications) {}

  handle({ eventStoreId, lastPosition }: EventsAppendedEvent): void {
    this.notifications.announce(eventStoreId, lastPosition);
  }
}
