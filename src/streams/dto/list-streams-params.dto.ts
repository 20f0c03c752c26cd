import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { MAX_OFFSET } from '../../common/pagination';
import { IsBoolean, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { DEFAULT_READ_LIMIT, MAX_NAME_LENGTH, MAX_READ_LIMIT } from '../stream.constants';

const BOOLEANS: Record<string, boolean> = { true: true, false: false };

export class ListStreamsParamsDto {
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

  @ApiPropertyOptional({ example: 'order', description: "The part of the stream id before its first '-', '_' or ':'" })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_NAME_LENGTH)
  streamType?: string;

  @ApiPropertyOptional({ type: Boolean, description: 'true: only streams that still hold events (retention may have emptied some)' })
  @IsOptional()
  @Transform(({ value }) => BOOLEANS[String(value)] ?? value)
  @IsBoolean()
  hasEvents?: boolean;
}
