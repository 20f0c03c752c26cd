import { Module } from '@nestjs/common';
import { EventLogModule } from '../event-log.module';
import { AnnounceAppendsHandler } from '../notifications/announce-appends.handler';
import { AppendBatcher } from './append-batcher';

/**
 * Appends to the event log: one AppendBatcher per API process, shared by stream and DCB appends so
 * that they take turns on a store's lock in the same batches. Publishes EventsAppendedEvent on the
 * API's event bus, so the worker (which has none) does not import it; each is announced to every
 * API instance's live feeds through Redis (AnnounceAppendsHandler).
 */
@Module({
  imports: [EventLogModule],
  providers: [AppendBatcher, AnnounceAppendsHandler],
  exports: [AppendBatcher],
})
export class EventAppendModule {}
