import { Module } from '@nestjs/common';
import { EventLogModule } from '../../event-log/event-log.module';
import { ConsumerRepository } from '../consumer.repository';
import { ConsumerDispatcher } from './consumer-dispatcher';
import { ConsumerLeases } from './consumer-leases';
import { ConsumerWakes } from './consumer-wakes';

/**
 * The claims, leases and acks of durable consumers, shared by their endpoints (SSE, acks, admin)
 * and the WebSocket gateway: one ConsumerDispatcher per API process.
 */
@Module({
  imports: [EventLogModule],
  providers: [ConsumerRepository, ConsumerLeases, ConsumerWakes, ConsumerDispatcher],
  exports: [ConsumerRepository, ConsumerLeases, ConsumerDispatcher],
})
export class ConsumerEngineModule {}
