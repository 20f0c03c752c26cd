import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { DEFAULT_READ_LIMIT, MAX_READ_LIMIT } from '../stream.constants';

export type ReadDirection = 'forward' | 'backward';

export class ReadStreamParamsDto {
  @ApiPropertyOptional({ enum: ['forward', 'backward'], default: 'forward' })
  @IsOptional()
  @IsIn(['forward', 'backward'])
  direction: ReadDirection = 'forward';

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_READ_LIMIT, default: DEFAULT_READ_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_READ_LIMIT)
  limit: number = DEFAULT_READ_LIMIT;

  @ApiPropertyOptional({ minimum: 0, description: 'Lowest stream position to return (inclusive)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  fromStreamPosition?: number;

  @ApiPropertyOptional({ minimum: 0, description: 'Highest stream position to return (inclusive); a backward read starts here' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  toStreamPosition?: number;
}

export class ApiReadStreamParamsDto {
  @ApiPropertyOptional({ minimum: 0, default: 0, description: 'First stream position (inclusive)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  from: number = 0;

  @ApiPropertyOptional({ minimum: 0, description: 'Stream position to stop before (exclusive)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  to?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_READ_LIMIT, default: DEFAULT_READ_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_READ_LIMIT)
  maxCount: number = DEFAULT_READ_LIMIT;
}
