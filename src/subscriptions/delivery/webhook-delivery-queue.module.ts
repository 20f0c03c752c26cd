import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import type { RedisClient } from '../../common/redis/redis-topology';
import { EnvironmentVariables } from '../../config/environment-variables';
import { WEBHOOK_DELIVERY_QUEUE } from '../subscription.constants';
import { QUEUE_CONNECTION, QueueConnectionModule } from './queue-connection.module';
import { WebhookDeliveryQueue } from './webhook-delivery.queue';

/** The queue of webhook wake-ups, shared by the API (which adds) and the worker (which also processes). */
@Module({
  imports: [
    QueueConnectionModule,
    BullModule.forRootAsync({
      imports: [QueueConnectionModule],
      inject: [EnvironmentVariables, QUEUE_CONNECTION],
      // On a Cluster REDIS_PREFIX holds a hash tag (validated at start), so every key of BullMQ's scripts is in one slot.
      useFactory: (config: EnvironmentVariables, connection: RedisClient) => ({ connection, prefix: config.REDIS_PREFIX }),
    }),
    BullModule.registerQueue({
      name: WEBHOOK_DELIVERY_QUEUE,
      // A failed wake-up is not retried by BullMQ: the periodic sweep re-creates whatever is still due.
      defaultJobOptions: { removeOnComplete: true, removeOnFail: true, attempts: 1 },
    }),
  ],
  providers: [WebhookDeliveryQueue],
  exports: [WebhookDeliveryQueue],
})
export class WebhookDeliveryQueueModule {}
