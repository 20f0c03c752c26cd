import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsObject, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { OptionalNotNull } from '../../common/decorators/optional-not-null.decorator';
import { MAX_EVENT_FILTER_LENGTH } from '../../common/event-filter';
import { IsEventFilterPattern } from '../../common/is-event-filter-pattern.decorator';
import type { NewWebhookSubscription } from '../commands/create-subscription.command';
import { MAX_WEBHOOK_URL_LENGTH, RETRY_POLICY_LIMITS } from '../subscription.constants';
import { IsSubscriptionPosition, IsWebhookHeaders, IsWebhookSecret, IsWebhookUrl } from './subscription.validators';

const { maxRetries, backoffMultiplier, initialBackoffMs } = RETRY_POLICY_LIMITS;

// A Map: the client's value is looked up, and on a plain object `constructor` would find a function.
const SUBSCRIBER_TYPE_MESSAGES = new Map([
  ['websocket', 'subscriberType websocket is not created through REST: open a WebSocket to /event-stores/{ref}/events/ws instead'],
  ['queue', 'subscriberType queue is coming soon; only webhook is available'],
  ['durable_object', 'subscriberType durable_object is coming soon; only webhook is available'],
]);

export class SubscriberConfigDto {
  @ApiProperty({ example: 'https://example.com/hooks/orders', maxLength: MAX_WEBHOOK_URL_LENGTH })
  @IsWebhookUrl()
  url!: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { Authorization: 'Bearer receiver-token' },
    description: 'Sent with every delivery; their values are never shown in responses',
  })
  @OptionalNotNull()
  @IsObject()
  @IsWebhookHeaders()
  headers?: Record<string, string>;

  @ApiPropertyOptional({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: 'Standard Webhooks signing secret; generated when absent and shown once in the 201 response',
  })
  @OptionalNotNull()
  @IsWebhookSecret()
  secret?: string;
}

export class RetryPolicyDto {
  @ApiPropertyOptional({ minimum: maxRetries.min, maximum: maxRetries.max, default: maxRetries.default })
  @OptionalNotNull()
  @IsInt()
  @Min(maxRetries.min)
  @Max(maxRetries.max)
  maxRetries?: number;

  @ApiPropertyOptional({ minimum: backoffMultiplier.min, maximum: backoffMultiplier.max, default: backoffMultiplier.default })
  @OptionalNotNull()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(backoffMultiplier.min)
  @Max(backoffMultiplier.max)
  backoffMultiplier?: number;

  @ApiPropertyOptional({ minimum: initialBackoffMs.min, maximum: initialBackoffMs.max, default: initialBackoffMs.default })
  @OptionalNotNull()
  @IsInt()
  @Min(initialBackoffMs.min)
  @Max(initialBackoffMs.max)
  initialBackoffMs?: number;
}

export class CreateSubscriptionDto {
  @ApiProperty({
    example: 'order.*',
    maxLength: MAX_EVENT_FILTER_LENGTH,
    description: '`*`, `<prefix>.*`, `*.<suffix>` or an exact event type',
  })
  @IsEventFilterPattern()
  @MaxLength(MAX_EVENT_FILTER_LENGTH)
  eventFilter!: string;

  @ApiPropertyOptional({ enum: ['webhook'], default: 'webhook', description: 'WebSocket subscriptions are opened over a WebSocket' })
  @OptionalNotNull()
  @IsIn(['webhook'], {
    message: ({ value }) => SUBSCRIBER_TYPE_MESSAGES.get(String(value)) ?? 'subscriberType must be webhook',
  })
  subscriberType?: 'webhook';

  @ApiProperty({ type: SubscriberConfigDto })
  @ValidateNested()
  @IsObject()
  @Type(() => SubscriberConfigDto)
  subscriberConfig!: SubscriberConfigDto;

  @ApiPropertyOptional({ type: RetryPolicyDto, description: 'Waits are initialBackoffMs × backoffMultiplier^(n-1), at most 1 h' })
  @OptionalNotNull()
  @ValidateNested()
  @IsObject()
  @Type(() => RetryPolicyDto)
  retryPolicy?: RetryPolicyDto;

  @ApiPropertyOptional({
    oneOf: [
      { type: 'string', enum: ['latest', 'beginning'] },
      { type: 'integer', minimum: 0 },
      { type: 'string', pattern: '^\\d+$' },
    ],
    default: 'latest',
    example: 'latest',
    description: '`latest`: events appended after creation; `beginning`: every stored event; N: events after global position N',
  })
  @OptionalNotNull()
  @IsSubscriptionPosition()
  // `latest`, `beginning`, N or N as a numeric string (DECISIONS §8); toNewSubscription() turns it into a StartPosition.
  position?: string | number;

  toNewSubscription(): NewWebhookSubscription {
    const { url, headers = {}, secret } = this.subscriberConfig;
    const policy = this.retryPolicy ?? {};
    const position = this.position ?? 'latest';
    return {
      eventFilter: this.eventFilter,
      url,
      headers,
      secret,
      retryPolicy: {
        maxRetries: policy.maxRetries ?? maxRetries.default,
        backoffMultiplier: policy.backoffMultiplier ?? backoffMultiplier.default,
        initialBackoffMs: policy.initialBackoffMs ?? initialBackoffMs.default,
      },
      position: position === 'latest' || position === 'beginning' ? position : Number(position),
    };
  }
}
