import { Module } from '@nestjs/common';
import { EventLogModule } from '../../event-log/event-log.module';
import { WebhookTargetPolicy } from '../webhook-target-policy';
import { DeliveryLedger } from './delivery-ledger';
import { DeliverySweep } from './delivery-sweep';
import { SubscriptionDelivery } from './subscription-delivery';
import { StoreTenants } from './store-tenants';
import { SubscriptionLock } from './subscription-lock';
import { TenantDeliverySlots } from './tenant-delivery-slots';
import { WebhookDeliveryQueueModule } from './webhook-delivery-queue.module';
import { WebhookDeliveryProcessor } from './webhook-delivery.processor';
import { WebhookSender } from './webhook-sender';

/** The worker's side of webhooks: the queue processor, the delivery loop and the sweep. */
@Module({
  imports: [WebhookDeliveryQueueModule, EventLogModule],
  providers: [
    WebhookDeliveryProcessor,
    SubscriptionDelivery,
    DeliveryLedger,
    SubscriptionLock,
    WebhookSender,
    WebhookTargetPolicy,
    DeliverySweep,
    StoreTenants,
    TenantDeliverySlots,
  ],
})
export class WebhookDeliveryModule {}
