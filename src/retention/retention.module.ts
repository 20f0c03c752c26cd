import { Module } from '@nestjs/common';
import { RetentionBatches } from './retention-batches';
import { RetentionSweep } from './retention-sweep';

/** The worker's retention sweep (DECISIONS §7), and the purge of expired idempotency records with it. */
@Module({
  providers: [RetentionSweep, RetentionBatches],
})
export class RetentionModule {}
