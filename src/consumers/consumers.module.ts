import { Module } from '@nestjs/common';
import { EventLogModule } from '../event-log/event-log.module';
import { EventStoresModule } from '../event-stores/event-stores.module';
import { AckConsumerEventsHandler } from './commands/ack-consumer-events.handler';
import { CreateConsumerHandler } from './commands/create-consumer.handler';
import { DeleteConsumerHandler } from './commands/delete-consumer.handler';
import { MoveCheckpointHandler } from './commands/move-checkpoint.handler';
import { SettleParkedEventHandler } from './commands/settle-parked-event.handler';
import { ConsumerMetrics } from './consumer-metrics';
import { ConsumersController } from './consumers.controller';
import { ConsumerEngineModule } from './engine/consumer-engine.module';
import { JwtConsumersController } from './jwt-consumers.controller';
import { GetConsumerHandler } from './queries/get-consumer.handler';
import { ListConsumersHandler } from './queries/list-consumers.handler';
import { ListParkedEventsHandler } from './queries/list-parked-events.handler';
import { ConsumerEventStreams } from './sse/consumer-event-streams';

const commandHandlers = [
  CreateConsumerHandler,
  DeleteConsumerHandler,
  MoveCheckpointHandler,
  SettleParkedEventHandler,
  AckConsumerEventsHandler,
];
const queryHandlers = [GetConsumerHandler, ListConsumersHandler, ListParkedEventsHandler];

/** Durable consumers (docs/consumers.md): the resource's endpoints in both path families, SSE consuming, and the lag gauges. */
@Module({
  imports: [ConsumerEngineModule, EventStoresModule, EventLogModule],
  controllers: [ConsumersController, JwtConsumersController],
  providers: [...commandHandlers, ...queryHandlers, ConsumerEventStreams, ConsumerMetrics],
})
export class ConsumersModule {}
