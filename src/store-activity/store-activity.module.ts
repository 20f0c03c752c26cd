import { Module } from '@nestjs/common';
import { EventStoresModule } from '../event-stores/event-stores.module';
import { GetStoreActivityHandler } from './queries/get-store-activity.handler';
import { StoreActivityRepository } from './store-activity.repository';
import { StoreActivityController } from './store-activity.controller';

/** A store's recent activity, read from the events' creation index; nothing here writes. */
@Module({
  imports: [EventStoresModule],
  controllers: [StoreActivityController],
  providers: [GetStoreActivityHandler, StoreActivityRepository],
})
export class StoreActivityModule {}
