import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { MAX_OFFSET } from '../../common/pagination';
import { ArrayMaxSize, IsIn, IsInt, IsISO8601, IsOptional, Matches, Max, Min } from 'class-validator';
import { IsEventFilterPattern } from '../../common/is-event-filter-pattern.decorator';
import { DEFAULT_READ_LIMIT, MAX_READ_LIMIT, STREAM_ID_PATTERN } from '../stream.constants';
import type { ReadDirection } from './read-stream-params.dto';

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

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_READ_LIMIT, default: DEFAULT_READ_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_READ_LIMIT)
  limit: number = DEFAULT_READ_LIMIT;

  @ApiPropertyOptional({ minimum: 0, maximum: MAX_OFFSET, default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_OFFSET)
  offset: number = 0;

  @ApiPropertyOptional({ example: '2026-11-21T12:00:00.000Z', description: 'Only events created after this instant (exclusive)' })
  @IsOptional()
  @IsISO8601({ strict: true })
  after?: string;

  @ApiPropertyOptional({ example: '2026-11-22T00:00:00.000Z', description: 'Only events created before this instant (exclusive)' })
  @IsOptional()
  @IsISO8601({ strict: true })
  before?: string;

  @ApiPropertyOptional({ minimum: 0, description: 'Start at this global position (inclusive): the lowest when forward, the highest when backward' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  fromGlobalPosition?: number;

  @ApiPropertyOptional({ enum: ['forward', 'backward'], default: 'forward' })
  @IsOptional()
  @IsIn(['forward', 'backward'])
  direction: ReadDirection = 'forward';
}
