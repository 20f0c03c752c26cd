import { Module } from '@nestjs/common';
import { EventLogModule } from '../event-log/event-log.module';
import { EventStoreRepositoryModule } from '../event-stores/event-store-repository.module';
import { RetentionSweep } from './retention-sweep';

/** The worker's retention sweep (DECISIONS §7), and the purge of expired idempotency records with it. */
@Module({
  imports: [EventLogModule, EventStoreRepositoryModule],
  providers: [RetentionSweep],
})
export class RetentionModule {}
