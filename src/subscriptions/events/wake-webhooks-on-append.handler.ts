import { Logger } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { EventsAppendedEvent } from '../../streams/events/events-appended.event';
import { WebhookDeliveryQueue } from '../delivery/webhook-delivery.queue';

/**
 * After every committed append, one wake-up for the worker, which finds the store's subscriptions.
 * Not awaited by the append: its response does not wait for Redis, and a wake-up lost when Redis
 * fails is recovered by the worker's sweep.
 */
@EventsHandler(EventsAppendedEvent)
export class WakeWebhooksOnAppendHandler implements IEventHandler<EventsAppendedEvent> {
  private readonly logger = new Logger(WakeWebhooksOnAppendHandler.name);

  constructor(private readonly queue: WebhookDeliveryQueue) {}

  handle({ eventStoreId, lastPosition }: EventsAppendedEvent): void {
    this.queue
      .wakeStore(eventStoreId, lastPosition)
      .catch((error: Error) => this.logger.warn(`Webhook wake-up for ${eventStoreId} left to the sweep: ${error.message}`));
  }
}
