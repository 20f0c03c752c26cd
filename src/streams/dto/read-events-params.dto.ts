import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsOptional, Matches } from 'class-validator';
import {
  DirectionParam,
  EventLimitParam,
  OffsetParam,
  PositionParam,
  ReadDirection,
} from '../../common/decorators/query-params.decorators';
import { IsEventFilterPattern } from '../../common/is-event-filter-pattern.decorator';
import { IsTimestamp } from '../../common/validation/is-timestamp.decorator';
import { DEFAULT_READ_LIMIT, MAX_READ_LIMIT, STREAM_ID_PATTERN } from '../../event-log/event-log.constants';

const MAX_LIST_ITEMS = 100;
const commaSeparated = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.split(',').map((item) => item.trim()) : value);

export class ReadEventsParamsDto {
  @ApiPropertyOptional({
    type: String,
    example: 'order.created,user.*',
    description: 'Comma-separated event types; each may be a pattern: `*`, `prefix.*`, `*.suffix`',
  })
  @IsOptional()
  @Transform(commaSeparated)
  @ArrayMaxSize(MAX_LIST_ITEMS)
  @IsEventFilterPattern({ each: true, message: 'each of types must be an event type or a pattern (*, prefix.*, *.suffix)' })
  types?: string[];

  @ApiPropertyOptional({ type: String, example: 'order-1,order-2', description: 'Comma-separated stream ids' })
  @IsOptional()
  @Transform(commaSeparated)
  @ArrayMaxSize(MAX_LIST_ITEMS)
  @Matches(STREAM_ID_PATTERN, { each: true, message: 'each of streams must be a stream id' })
  streams?: string[];

  @EventLimitParam(
    DEFAULT_READ_LIMIT,
    MAX_READ_LIMIT,
    'Read on with `offset` plus the number of events returned (not `limit`), or with `fromGlobalPosition` past the last event returned.',
  )
  limit: number = DEFAULT_READ_LIMIT;

  @OffsetParam()
  offset: number = 0;

  @ApiPropertyOptional({
    example: '2026-11-21T12:00:00.000Z',
    description: 'Only events created after this instant (exclusive): an RFC 3339 date or date-time',
  })
  @IsOptional()
  @IsTimestamp()
  after?: string;

  @ApiPropertyOptional({
    example: '2026-11-22T00:00:00.000Z',
    description: 'Only events created before this instant (exclusive): an RFC 3339 date or date-time',
  })
  @IsOptional()
  @IsTimestamp()
  before?: string;

  @PositionParam('Start at this global position (inclusive): the lowest when forward, the highest when backward')
  fromGlobalPosition?: number;

  @DirectionParam()
  direction: ReadDirection = 'forward';
}
