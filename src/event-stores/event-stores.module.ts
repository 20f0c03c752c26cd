import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiEventStoresController } from './api-event-stores.controller';
import { CreateEventStoreHandler } from './commands/create-event-store.handler';
import { DeleteEventStoreHandler } from './commands/delete-event-store.handler';
import { EventStoreEntity } from './entities/event-store.entity';
import { EventStoreResolver } from './event-store-resolver';
import { EventStoresController } from './event-stores.controller';
import { GetEventStoreHandler } from './queries/get-event-store.handler';
import { ListEventStoresHandler } from './queries/list-event-stores.handler';

const commandHandlers = [CreateEventStoreHandler, DeleteEventStoreHandler];
const queryHandlers = [GetEventStoreHandler, ListEventStoresHandler];

@Module({
  imports: [TypeOrmModule.forFeature([EventStoreEntity])],
  controllers: [EventStoresController, ApiEventStoresController],
  providers: [...commandHandlers, ...queryHandlers, EventStoreResolver],
  exports: [EventStoreResolver],
})
export class EventStoresModule {}
