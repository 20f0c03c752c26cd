import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { LimitParam, OffsetParam } from '../../common/decorators/query-params.decorators';
import { DEFAULT_STORE_LIST_LIMIT, MAX_STORE_LIST_LIMIT } from '../event-store.constants';

export class ListEventStoresParamsDto {
  @LimitParam(DEFAULT_STORE_LIST_LIMIT, MAX_STORE_LIST_LIMIT)
  limit: number = DEFAULT_STORE_LIST_LIMIT;

  @OffsetParam()
  offset: number = 0;

  @ApiPropertyOptional({ description: 'Case-insensitive substring of the store name', example: 'ord', maxLength: 63 })
  @IsOptional()
  @IsString()
  @MaxLength(63)
  filter?: string;
}
