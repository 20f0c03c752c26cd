import { Module } from '@nestjs/common';
import { CreateEventStoreHandler } from './commands/create-event-store.handler';
import { DeleteEventStoreHandler } from './commands/delete-event-store.handler';
import { EventStoreRepositoryModule } from './event-store-repository.module';
import { EventStoreResolver } from './event-store-resolver';
import { EventStoresController } from './event-stores.controller';
import { JwtEventStoresController } from './jwt-event-stores.controller';
import { GetEventStoreHandler } from './queries/get-event-store.handler';
import { ListEventStoresHandler } from './queries/list-event-stores.handler';

const commandHandlers = [CreateEventStoreHandler, DeleteEventStoreHandler];
const queryHandlers = [GetEventStoreHandler, ListEventStoresHandler];

@Module({
  imports: [EventStoreRepositoryModule],
  controllers: [EventStoresController, JwtEventStoresController],
  providers: [...commandHandlers, ...queryHandlers, EventStoreResolver],
  exports: [EventStoreResolver, EventStoreRepositoryModule],
})
export class EventStoresModule {}
