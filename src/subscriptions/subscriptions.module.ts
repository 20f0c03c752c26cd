import { Module } from '@nestjs/common';
import { EventStoresModule } from '../event-stores/event-stores.module';
import { EventLogModule } from '../event-log/event-log.module';
import { WebSocketGatewayModule } from '../websocket-gateway/websocket-gateway.module';
import { CreateSubscriptionHandler } from './commands/create-subscription.handler';
import { DeleteSubscriptionHandler } from './commands/delete-subscription.handler';
import { ReplayDeadLetterHandler } from './commands/replay-dead-letter.handler';
import { ReplayDeadLettersHandler } from './commands/replay-dead-letters.handler';
import { WebhookDeliveryQueueModule } from './delivery/webhook-delivery-queue.module';
import { WakeWebhooksOnAppendHandler } from './events/wake-webhooks-on-append.handler';
import { GetSubscriptionHandler } from './queries/get-subscription.handler';
import { ListDeadLettersHandler } from './queries/list-dead-letters.handler';
import { ListSubscriptionsHandler } from './queries/list-subscriptions.handler';
import { SubscriptionBacklogMetrics } from './subscription-backlog-metrics';
import { SubscriptionRepositoryModule } from './subscription-repository.module';
import { SubscriptionsController } from './subscriptions.controller';
import { WebhookPresenceCache } from './webhook-presence.cache';
import { WebhookTargetPolicy } from './webhook-target-policy';

const commandHandlers = [CreateSubscriptionHandler, DeleteSubscriptionHandler, ReplayDeadLetterHandler, ReplayDeadLettersHandler];
const queryHandlers = [GetSubscriptionHandler, ListSubscriptionsHandler, ListDeadLettersHandler];
const eventHandlers = [WakeWebhooksOnAppendHandler];

/** The API's side of subscriptions: the endpoints (WebSocket ones listed too), wake-ups for the worker after every append, and the backlog gauges. */
@Module({
  imports: [SubscriptionRepositoryModule, EventStoresModule, EventLogModule, WebhookDeliveryQueueModule, WebSocketGatewayModule],
  controllers: [SubscriptionsController],
  providers: [
    ...commandHandlers,
    ...queryHandlers,
    ...eventHandlers,
    WebhookTargetPolicy,
    SubscriptionBacklogMetrics,
    WebhookPresenceCache,
  ],
})
export class SubscriptionsModule {}
