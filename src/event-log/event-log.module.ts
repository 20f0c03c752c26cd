import { Module } from '@nestjs/common';
import { ExpiredRecordsRepository } from './expiry/expired-records.repository';
import { AppendNotifications } from './notifications/append-notifications';
import { DcbEventReader } from './read/dcb-event-reader';
import { EventLogReader } from './read/event-log-reader';
import { StreamListReader } from './read/stream-list-reader';

/**
 * Reads of the event log (streams, the whole store, subscribers' pages, DCB queries), append
 * notifications and the retention sweep's deletions, for the API and the worker alike. No controllers: the features that serve the log over HTTP or WebSocket
 * import it. Appends are EventAppendModule's (they need the API's event bus).
 */
@Module({
  providers: [EventLogReader, DcbEventReader, StreamListReader, ExpiredRecordsRepository, AppendNotifications],
  exports: [EventLogReader, DcbEventReader, StreamListReader, ExpiredRecordsRepository, AppendNotifications],
})
export class EventLogModule {}
