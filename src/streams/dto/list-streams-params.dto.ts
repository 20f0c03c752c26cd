import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { LimitParam, OffsetParam } from '../../common/decorators/query-params.decorators';
import {
  DEFAULT_READ_LIMIT,
  MAX_NAME_LENGTH,
  MAX_READ_LIMIT,
  STREAM_LIST_SORTS,
  STREAM_TYPE_SEPARATORS,
  type StreamListSort,
} from '../../event-log/event-log.constants';

/** 'a', 'b' or 'c' */
const listed = (values: string[]) =>
  `${values
    .slice(0, -1)
    .map((value) => `'${value}'`)
    .join(', ')} or '${values.at(-1)}'`;

// A Map: the query's words are looked up, and on a plain object `constructor` would find a function.
const BOOLEANS = new Map([
  ['true', true],
  ['false', false],
]);

export class ListStreamsParamsDto {
  @LimitParam(DEFAULT_READ_LIMIT, MAX_READ_LIMIT)
  limit: number = DEFAULT_READ_LIMIT;

  @OffsetParam()
  offset: number = 0;

  @ApiPropertyOptional({ example: 'order', description: `The part of the stream id before its first ${listed(STREAM_TYPE_SEPARATORS)}` })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_NAME_LENGTH)
  streamType?: string;

  @ApiPropertyOptional({ type: Boolean, description: 'true: only streams that still hold events (retention may have emptied some)' })
  @IsOptional()
  @Transform(({ value }) => BOOLEANS.get(String(value)) ?? value)
  @IsBoolean()
  hasEvents?: boolean;

  @ApiPropertyOptional({ example: '1001', maxLength: MAX_NAME_LENGTH, description: 'Case-insensitive part of the stream id' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_NAME_LENGTH)
  filter?: string;

  @ApiPropertyOptional({
    enum: STREAM_LIST_SORTS,
    default: 'created',
    description:
      '`created`: the stream created first comes first; `updated`: the stream appended to last comes first ' +
      '(by `lastGlobalPosition`, which follows commit order)',
  })
  @IsOptional()
  @IsIn(STREAM_LIST_SORTS)
  sort?: StreamListSort;
}
