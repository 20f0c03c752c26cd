import { Module } from '@nestjs/common';
import { EventLogModule } from '../../event-log/event-log.module';
import { EventStoreRepositoryModule } from '../../event-stores/event-store-repository.module';
import { SubscriptionRepositoryModule } from '../subscription-repository.module';
import { WebhookTargetPolicy } from '../webhook-target-policy';
import { DeliverySweep } from './delivery-sweep';
import { StoreTenantCache } from './store-tenant.cache';
import { SubscriptionDelivery } from './subscription-delivery';
import { SubscriptionLock } from './subscription-lock';
import { TenantDeliverySlots } from './tenant-delivery-slots';
import { WebhookDeliveryQueueModule } from './webhook-delivery-queue.module';
import { WebhookDeliveryProcessor } from './webhook-delivery.processor';
import { WebhookSender } from './webhook-sender';

/** The worker's side of webhooks: the queue processor, the delivery loop and the sweep. */
@Module({
  imports: [WebhookDeliveryQueueModule, EventLogModule, EventStoreRepositoryModule, SubscriptionRepositoryModule],
  providers: [
    WebhookDeliveryProcessor,
    SubscriptionDelivery,
    SubscriptionLock,
    WebhookSender,
    WebhookTargetPolicy,
    DeliverySweep,
    StoreTenantCache,
    TenantDeliverySlots,
  ],
})
export class WebhookDeliveryModule {}
