import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventStoresModule } from '../event-stores/event-stores.module';
import { EventLogModule } from '../event-log/event-log.module';
import { WebSocketGatewayModule } from '../websocket-gateway/websocket-gateway.module';
import { CreateSubscriptionHandler } from './commands/create-subscription.handler';
import { DeleteSubscriptionHandler } from './commands/delete-subscription.handler';
import { ReplayDeadLetterHandler } from './commands/replay-dead-letter.handler';
import { WebhookDeliveryQueueModule } from './delivery/webhook-delivery-queue.module';
import { DeadLetterEntity } from './entities/dead-letter.entity';
import { SubscriptionEntity } from './entities/subscription.entity';
import { WakeWebhooksOnAppendHandler } from './events/wake-webhooks-on-append.handler';
import { GetSubscriptionHandler } from './queries/get-subscription.handler';
import { ListDeadLettersHandler } from './queries/list-dead-letters.handler';
import { ListSubscriptionsHandler } from './queries/list-subscriptions.handler';
import { SubscriptionBacklogMetrics } from './subscription-backlog-metrics';
import { SubscriptionsController } from './subscriptions.controller';
import { StoresWithWebhooks } from './stores-with-webhooks';
import { WebhookTargetPolicy } from './webhook-target-policy';

const commandHandlers = [CreateSubscriptionHandler, DeleteSubscriptionHandler, ReplayDeadLetterHandler];
const queryHandlers = [GetSubscriptionHandler, ListSubscriptionsHandler, ListDeadLettersHandler];
const eventHandlers = [WakeWebhooksOnAppendHandler];

/** The API's side of subscriptions: the endpoints (WebSocket ones listed too), wake-ups for the worker after every append, and the backlog gauges. */
@Module({
  imports: [TypeOrmModule.forFeature([SubscriptionEntity, DeadLetterEntity]), EventStoresModule, EventLogModule, WebhookDeliveryQueueModule, WebSocketGatewayModule],
  controllers: [SubscriptionsController],
  providers: [...commandHandlers, ...queryHandlers, ...eventHandlers, WebhookTargetPolicy, SubscriptionBacklogMetrics, StoresWithWebhooks],
})
export class SubscriptionsModule {}
