import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { LimitParam, OffsetParam } from '../../common/decorators/query-params.decorators';
import { OptionalNotNull } from '../../common/decorators/optional-not-null.decorator';

const MAX_POSITION = Number.MAX_SAFE_INTEGER;
/** Positions one ack may name (a client acks at most its in-flight events, at most 100 by default). */
export const MAX_ACK_POSITIONS = 1000;
const CLIENT_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export class ListConsumersParamsDto {
  @LimitParam(100, 1000)
  limit: number = 100;

  @OffsetParam()
  offset: number = 0;
}

export class MoveCheckpointDto {
  @ApiProperty({ example: 0, minimum: 0, description: 'The new checkpoint: events after it are delivered' })
  @IsInt()
  @Min(0)
  @Max(MAX_POSITION)
  position!: number;

  @ApiPropertyOptional({ default: false, description: 'Move it even while clients are attached' })
  @OptionalNotNull()
  @IsBoolean()
  force?: boolean;
}

export class AckConsumerEventsDto {
  @ApiPropertyOptional({ type: [Number], example: [41, 42], maxItems: MAX_ACK_POSITIONS })
  @OptionalNotNull()
  @IsArray()
  @ArrayMaxSize(MAX_ACK_POSITIONS)
  @IsInt({ each: true })
  @Min(0, { each: true })
  positions?: number[];

  @ApiPropertyOptional({ example: 42, description: 'Every delivered event (to `clientId`, when given) at or below it' })
  @OptionalNotNull()
  @IsInt()
  @Min(0)
  upTo?: number;

  @ApiPropertyOptional({ example: 'cli_worker-1', description: 'Only events delivered to this client (its SSE streams’ clientId)' })
  @OptionalNotNull()
  @IsString()
  @Matches(CLIENT_ID_PATTERN)
  clientId?: string;
}

export class ConsumerEventsParamsDto {
  @ApiPropertyOptional({ description: 'The API key, for clients that cannot set headers (EventSource)' })
  @OptionalNotNull()
  @IsString()
  apiKey?: string;

  @ApiPropertyOptional({ description: 'The access token, for clients that cannot set headers (EventSource); /api paths only' })
  @OptionalNotNull()
  @IsString()
  accessToken?: string;

  @ApiPropertyOptional({ example: 'worker-1', description: 'Names this client across reconnects (generated when absent)' })
  @OptionalNotNull()
  @IsString()
  @Matches(CLIENT_ID_PATTERN)
  clientId?: string;

  @ApiPropertyOptional({ description: 'As the Last-Event-ID header, for clients that cannot set it' })
  @OptionalNotNull()
  @Matches(/^\d{1,15}$/)
  lastEventId?: string;

  @ApiPropertyOptional({
    minimum: 1,
    description: 'Events in flight to this stream at most (CONSUMER_MAX_IN_FLIGHT_PER_CLIENT when absent or larger)',
  })
  @OptionalNotNull()
  @Matches(/^[1-9]\d{0,5}$/)
  maxInFlight?: string;
}
