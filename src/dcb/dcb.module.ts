import { Module } from '@nestjs/common';
import { EventStoresModule } from '../event-stores/event-stores.module';
import { StreamsModule } from '../streams/streams.module';
import { AppendDcbEventsHandler } from './commands/append-dcb-events.handler';
import { DcbController } from './dcb.controller';
import { DcbLog } from './dcb-log';
import { ReadDcbEventsHandler } from './queries/read-dcb-events.handler';

@Module({
  imports: [EventStoresModule, StreamsModule],
  controllers: [DcbController],
  providers: [AppendDcbEventsHandler, ReadDcbEventsHandler, DcbLog],
})
export class DcbModule {}
