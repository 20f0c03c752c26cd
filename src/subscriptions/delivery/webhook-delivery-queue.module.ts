import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { EnvironmentVariables } from '../../config/environment-variables';
import { WEBHOOK_DELIVERY_QUEUE } from '../subscription.constants';
import { WebhookDeliveryQueue } from './webhook-delivery.queue';

/** The queue of webhook wake-ups, shared by the API (which adds) and the worker (which also processes). */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [EnvironmentVariables],
      useFactory: (config: EnvironmentVariables) => ({
        connection: { url: config.REDIS_URL },
        prefix: config.REDIS_PREFIX,
      }),
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
