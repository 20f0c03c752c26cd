import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TenantEntity } from '../tenants/entities/tenant.entity';
import { EventStoreEntity } from './entities/event-store.entity';
import { EventStoreRepository } from './event-store.repository';

/**
 * The `event_stores` table's owner without the endpoints, for the worker, which has no HTTP server.
 * TenantEntity is registered only because TypeORM cannot build a store's metadata without the
 * target of its relation; the worker registers no other module's entities.
 */
@Module({
  imports: [TypeOrmModule.forFeature([EventStoreEntity, TenantEntity])],
  providers: [EventStoreRepository],
  exports: [EventStoreRepository],
})
export class EventStoreRepositoryModule {}
