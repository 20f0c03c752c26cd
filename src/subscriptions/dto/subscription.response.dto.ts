import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import type { WebSocketSubscription } from '../../websocket-gateway/connections/websocket-subscriptions';
import type { SubscriptionEntity } from '../entities/subscription.entity';

export class WebhookConfigResponseDto {
  @ApiProperty({ example: 'https://example.com/hooks/orders' })
  url!: string;

  @ApiPropertyOptional({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', description: 'Only in the 201 that created the subscription' })
  secret?: string;
}

export class RetryPolicyResponseDto {
  @ApiProperty({ example: 3 })
  maxRetries!: number;

  @ApiProperty({ example: 2 })
  backoffMultiplier!: number;

  @ApiProperty({ example: 1000 })
  initialBackoffMs!: number;
}

/** A subscription as every endpoint shows it; header values and the secret are never echoed. */
export class SubscriptionResponseDto {
  @ApiProperty({ example: 'sub_5b1e9c0d2a3f4e5d6c7b8a90' })
  subscriptionId!: string;

  @ApiProperty({ example: 'es_8c1f0e9a2b3d4c5e6f7a8b9c' })
  eventStoreId!: string;

  @ApiProperty({ example: 'order.*' })
  eventFilter!: string;

  @ApiProperty({ enum: ['webhook'], example: 'webhook' })
  subscriberType!: 'webhook';

  @ApiProperty({ type: WebhookConfigResponseDto })
  subscriberConfig!: WebhookConfigResponseDto;

  @ApiProperty({ type: RetryPolicyResponseDto })
  retryPolicy!: RetryPolicyResponseDto;

  @ApiProperty({ enum: ['active'], example: 'active' })
  status!: 'active';

  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' })
  createdAt!: string;

  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' })
  updatedAt!: string;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'When the last delivery attempt started' })
  lastDeliveryAttempt!: string | null;

  @ApiProperty({ example: 0, description: 'Events given up on after the last retry (dead letters made)' })
  failedDeliveries!: number;

  @ApiProperty({
    example: 0,
    description: 'Every event up to this global position was delivered, dead-lettered, did not match, or lies before the start position',
  })
  lastProcessedEventGlobalPosition!: number;

  static from(subscription: SubscriptionEntity): SubscriptionResponseDto {
    return {
      subscriptionId: subscription.id,
      eventStoreId: subscription.eventStoreId,
      eventFilter: subscription.eventFilter,
      subscriberType: subscription.subscriberType,
      subscriberConfig: { url: subscription.url },
      retryPolicy: {
        maxRetries: subscription.maxRetries,
        backoffMultiplier: subscription.backoffMultiplier,
        initialBackoffMs: subscription.initialBackoffMs,
      },
      status: subscription.status,
      createdAt: subscription.createdAt.toISOString(),
      updatedAt: subscription.updatedAt.toISOString(),
      lastDeliveryAttempt: subscription.lastDeliveryAttempt?.toISOString() ?? null,
      failedDeliveries: subscription.failedDeliveries,
      lastProcessedEventGlobalPosition: subscription.checkpoint,
    };
  }
}

export class CreateSubscriptionResponseDto extends SubscriptionResponseDto {
  @ApiProperty({ example: false, description: 'True (with status 200) when an identical webhook subscription already existed' })
  isExistingSubscription!: boolean;

  /** The secret is shown once, when the subscription is created. */
  static fromCreate(subscription: SubscriptionEntity, created: boolean): CreateSubscriptionResponseDto {
    const response = SubscriptionResponseDto.from(subscription);
    return {
      ...response,
      subscriberConfig: created ? { url: subscription.url, secret: subscription.secret } : response.subscriberConfig,
      isExistingSubscription: !created,
    };
  }
}

export class WebSocketSubscriberResponseDto {
  @ApiProperty({ example: 'conn_7a2b9c4d1e0f3a5b6c8d9e0f' })
  connectionId!: string;

  @ApiProperty({ example: 'dashboard-1' })
  clientId!: string;
}

/**
 * A subscription made over a WebSocket, listed while its socket is open. Its position and last
 * attempt are as of the owning instance's last registry write, at most 10 s old.
 */
export class WebSocketSubscriptionResponseDto {
  @ApiProperty({ example: 'wss_1c9e0b7d2a4f6e8c0b1d3f5a' })
  subscriptionId!: string;

  @ApiProperty({ example: 'es_8c1f0e9a2b3d4c5e6f7a8b9c' })
  eventStoreId!: string;

  @ApiProperty({ example: 'order.*' })
  eventFilter!: string;

  @ApiProperty({ enum: ['websocket'], example: 'websocket' })
  subscriberType!: 'websocket';

  @ApiProperty({ type: WebSocketSubscriberResponseDto, description: 'The socket that holds it' })
  subscriberConfig!: WebSocketSubscriberResponseDto;

  @ApiProperty({ enum: ['active'], example: 'active' })
  status!: 'active';

  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' })
  createdAt!: string;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'When the last event frame was sent' })
  lastDeliveryAttempt!: string | null;

  @ApiProperty({ example: 0, description: 'Always 0: a socket that cannot keep up is closed, not retried' })
  failedDeliveries!: number;

  @ApiProperty({ example: 0, description: 'Every event up to this global position was sent or did not match' })
  lastProcessedEventGlobalPosition!: number;

  static from(subscription: WebSocketSubscription): WebSocketSubscriptionResponseDto {
    return {
      subscriptionId: subscription.subscriptionId,
      eventStoreId: subscription.eventStoreId,
      eventFilter: subscription.eventFilter,
      subscriberType: 'websocket',
      subscriberConfig: { connectionId: subscription.connectionId, clientId: subscription.clientId },
      status: 'active',
      createdAt: subscription.createdAt,
      lastDeliveryAttempt: subscription.lastDeliveryAttempt,
      failedDeliveries: 0,
      lastProcessedEventGlobalPosition: subscription.lastProcessedEventGlobalPosition,
    };
  }
}

export type AnySubscriptionResponseDto = SubscriptionResponseDto | WebSocketSubscriptionResponseDto;

/** Swagger's description of either kind, told apart by `subscriberType`. */
export const ANY_SUBSCRIPTION_SCHEMA = {
  oneOf: [{ $ref: getSchemaPath(SubscriptionResponseDto) }, { $ref: getSchemaPath(WebSocketSubscriptionResponseDto) }],
  // The mapping ties each wire value to its schema: without it, generated clients compare
  // subscriberType with schema names, and `s.subscriberType === 'webhook'` does not type-check.
  discriminator: {
    propertyName: 'subscriberType',
    mapping: { webhook: getSchemaPath(SubscriptionResponseDto), websocket: getSchemaPath(WebSocketSubscriptionResponseDto) },
  },
};

@ApiExtraModels(SubscriptionResponseDto, WebSocketSubscriptionResponseDto)
export class SubscriptionListResponseDto {
  @ApiProperty({
    type: 'array',
    items: ANY_SUBSCRIPTION_SCHEMA,
    description: 'Webhook subscriptions, then those of open WebSockets, each oldest first',
  })
  subscriptions!: AnySubscriptionResponseDto[];

  @ApiProperty({ example: 1 })
  totalCount!: number;
}

export class DeleteSubscriptionResponseDto {
  @ApiProperty({ example: true })
  success!: true;

  @ApiProperty({ example: "Subscription 'sub_5b1e9c0d2a3f4e5d6c7b8a90' deleted" })
  message!: string;
}
