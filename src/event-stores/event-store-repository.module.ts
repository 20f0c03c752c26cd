import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventStoreEntity } from './entities/event-store.entity';
import { EventStoreRepository } from './event-store.repository';

/** The `event_stores` table's owner without the endpoints, for the worker, which has no HTTP server. */
@Module({
  imports: [TypeOrmModule.forFeature([EventStoreEntity])],
  providers: [EventStoreRepository],
  exports: [EventStoreRepository],
})
export class EventStoreRepositoryModule {}
