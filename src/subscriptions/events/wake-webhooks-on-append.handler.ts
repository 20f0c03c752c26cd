import { Logger } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { RepeatedWarning } from '../../common/logging/repeated-warning';
import { EventsAppendedEvent } from '../../event-log/append/events-appended.event';
import { WebhookDeliveryQueue } from '../delivery/webhook-delivery.queue';
import { WebhookPresenceCache } from '../webhook-presence.cache';

/**
 * After every committed batch of appends to a store with webhook subscriptions, one wake-up for the
 * worker, which finds the subscriptions that are behind. Not awaited by the appends: their
 * responses do not wait for Redis, and a wake-up lost when Redis fails is recovered by the sweep.
 */
@EventsHandler(EventsAppendedEvent)
export class WakeWebhooksOnAppendHandler implements IEventHandler<EventsAppendedEvent> {
  private readonly problems = new RepeatedWarning(new Logger(WakeWebhooksOnAppendHandler.name));

  constructor(
    private readonly queue: WebhookDeliveryQueue,
    private readonly storesWithWebhooks: WebhookPresenceCache,
  ) {}

  handle({ tenantId, eventStoreId, lastPosition }: EventsAppendedEvent): void {
    this.wake(tenantId, eventStoreId, lastPosition).catch((error: Error) =>
      this.problems.warn(`Webhook wake-up for ${eventStoreId} left to the sweep: ${error.message}`),
    );
  }

  private async wake(tenantId: string, eventStoreId: string, lastPosition: number): Promise<void> {
    if (await this.storesWithWebhooks.has(tenantId, eventStoreId)) await this.queue.wakeStore(eventStoreId, lastPosition);
  }
}
