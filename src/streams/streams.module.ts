import { Module } from '@nestjs/common';
import { EventAppendModule } from '../event-log/append/event-append.module';
import { EventLogModule } from '../event-log/event-log.module';
import { EventStoresModule } from '../event-stores/event-stores.module';
import { AppendToStreamHandler } from './commands/append-to-stream.handler';
import { JwtStreamsController } from './jwt-streams.controller';
import { ListStreamsHandler } from './queries/list-streams.handler';
import { ReadEventsHandler } from './queries/read-events.handler';
import { ReadStreamHandler } from './queries/read-stream.handler';
import { StreamsController } from './streams.controller';

const commandHandlers = [AppendToStreamHandler];
const queryHandlers = [ReadStreamHandler, ReadEventsHandler, ListStreamsHandler];

/** Streams over HTTP: family A by store id or name with an API key, family B by store name with a JWT. */
@Module({
  imports: [EventStoresModule, EventLogModule, EventAppendModule],
  controllers: [StreamsController, JwtStreamsController],
  providers: [...commandHandlers, ...queryHandlers],
})
export class StreamsModule {}
