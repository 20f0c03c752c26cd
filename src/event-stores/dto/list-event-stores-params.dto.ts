import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { MAX_OFFSET } from '../../common/pagination';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { DEFAULT_STORE_LIST_LIMIT, MAX_STORE_LIST_LIMIT } from '../event-store.constants';

export class ListEventStoresParamsDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_STORE_LIST_LIMIT, default: DEFAULT_STORE_LIST_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_STORE_LIST_LIMIT)
  limit: number = DEFAULT_STORE_LIST_LIMIT;

  @ApiPropertyOptional({ minimum: 0, maximum: MAX_OFFSET, default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_OFFSET)
  offset: number = 0;

  @ApiPropertyOptional({ description: 'Case-insensitive substring of the store name', example: 'ord' })
  @IsOptional()
  @IsString()
  @MaxLength(63)
  filter?: string;
}
