import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsObject, IsOptional, Max, Min, ValidateNested } from 'class-validator';
import { DEFAULT_READ_LIMIT, MAX_READ_LIMIT } from '../../streams/stream.constants';
import { DcbQueryDto } from './dcb-query.dto';

export class ReadDcbEventsDto {
  @ApiPropertyOptional({ type: DcbQueryDto, description: 'Omitted: every event' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => DcbQueryDto)
  query?: DcbQueryDto;

  @ApiPropertyOptional({ minimum: 0, default: 0, description: 'Only events after this position (exclusive)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  after: number = 0;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_READ_LIMIT, default: DEFAULT_READ_LIMIT })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_READ_LIMIT)
  limit: number = DEFAULT_READ_LIMIT;
}
