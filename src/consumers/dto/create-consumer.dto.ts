import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Matches, Max, MaxLength, Min } from 'class-validator';
import { OptionalNotNull } from '../../common/decorators/optional-not-null.decorator';
import { MAX_EVENT_FILTER_LENGTH } from '../../common/event-filter';
import { IsEventFilterPattern } from '../../common/is-event-filter-pattern.decorator';
import { IsSubscriptionPosition } from '../../subscriptions/dto/subscription.validators';
import type { NewConsumer } from '../commands/create-consumer.command';
import { ACK_TIMEOUT_LIMITS, CONSUMER_NAME_PATTERN, MAX_CONSUMER_NAME_LENGTH, MAX_DELIVERIES_LIMITS } from '../consumer.constants';

export class CreateConsumerDto {
  @ApiProperty({ example: 'order-projection', pattern: CONSUMER_NAME_PATTERN.source, maxLength: MAX_CONSUMER_NAME_LENGTH })
  @Matches(CONSUMER_NAME_PATTERN, { message: 'name must be 1-128 of A-Z, a-z, 0-9, ".", "_", ":" and "-"' })
  name!: string;

  @ApiPropertyOptional({
    example: 'order.*',
    default: '*',
    maxLength: MAX_EVENT_FILTER_LENGTH,
    description: '`*`, `<prefix>.*`, `*.<suffix>` or an exact event type, as for webhook subscriptions',
  })
  @OptionalNotNull()
  @IsEventFilterPattern()
  @MaxLength(MAX_EVENT_FILTER_LENGTH)
  eventFilter?: string;

  @ApiPropertyOptional({
    oneOf: [
      { type: 'string', enum: ['beginning', 'latest'] },
      { type: 'integer', minimum: 0 },
    ],
    default: 'beginning',
    description: 'Where the checkpoint starts: 0, the store’s last position now, or a position (events after it are delivered)',
  })
  @OptionalNotNull()
  @IsSubscriptionPosition()
  from?: 'beginning' | 'latest' | number;

  @ApiPropertyOptional({ minimum: ACK_TIMEOUT_LIMITS.min, maximum: ACK_TIMEOUT_LIMITS.max, default: ACK_TIMEOUT_LIMITS.default })
  @OptionalNotNull()
  @IsInt()
  @Min(ACK_TIMEOUT_LIMITS.min)
  @Max(ACK_TIMEOUT_LIMITS.max)
  ackTimeoutMs?: number;

  @ApiPropertyOptional({ minimum: MAX_DELIVERIES_LIMITS.min, maximum: MAX_DELIVERIES_LIMITS.max, default: MAX_DELIVERIES_LIMITS.default })
  @OptionalNotNull()
  @IsInt()
  @Min(MAX_DELIVERIES_LIMITS.min)
  @Max(MAX_DELIVERIES_LIMITS.max)
  maxDeliveries?: number;

  toNewConsumer(): NewConsumer {
    const from = this.from ?? 'beginning';
    return {
      name: this.name,
      eventFilter: this.eventFilter ?? '*',
      from: typeof from === 'string' && from !== 'beginning' && from !== 'latest' ? Number(from) : from,
      ackTimeoutMs: this.ackTimeoutMs ?? ACK_TIMEOUT_LIMITS.default,
      maxDeliveries: this.maxDeliveries ?? MAX_DELIVERIES_LIMITS.default,
    };
  }
}
