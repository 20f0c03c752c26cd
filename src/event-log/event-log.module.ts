import { Module } from '@nestjs/common';
import { DcbEventReader } from './read/dcb-event-reader';
import { EventLogReader } from './read/event-log-reader';

/**
 * Reads of the event log (streams, the whole store, subscribers' pages, DCB queries), for the API
 * and the worker alike. No controllers: the features that serve the log over HTTP or WebSocket
 * import it. Appends are EventAppendModule's (they need the API's event bus).
 */
@Module({
  providers: [EventLogReader, DcbEventReader],
  exports: [EventLogReader, DcbEventReader],
})
export class EventLogModule {}
