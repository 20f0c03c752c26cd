import { Module } from '@nestjs/common';
import { EventStoresModule } from '../event-stores/event-stores.module';
import { ApiStreamsController } from './api-streams.controller';
import { AppendBatcher } from './append/append-batcher';
import { AppendToStreamHandler } from './commands/append-to-stream.handler';
import { EventLog } from './event-log';
import { ListStreamsHandler } from './queries/list-streams.handler';
import { ReadEventsHandler } from './queries/read-events.handler';
import { ReadStreamHandler } from './queries/read-stream.handler';
import { StreamsController } from './streams.controller';

const commandHandlers = [AppendToStreamHandler];
const queryHandlers = [ReadStreamHandler, ReadEventsHandler, ListStreamsHandler];

@Module({
  imports: [EventStoresModule],
  controllers: [StreamsController, ApiStreamsController],
  providers: [...commandHandlers, ...queryHandlers, EventLog, AppendBatcher],
  exports: [EventLog, AppendBatcher],
})
export class StreamsModule {}
