import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsObject, Max, Min, ValidateNested } from 'class-validator';
import { OptionalNotNull } from '../../common/decorators/optional-not-null.decorator';
import { eventPageLimitDescription } from '../../common/decorators/query-params.decorators';
import { DEFAULT_READ_LIMIT, MAX_READ_LIMIT } from '../../event-log/event-log.constants';
import { DcbQueryDto } from './dcb-query.dto';

export class ReadDcbEventsDto {
  @ApiPropertyOptional({ type: DcbQueryDto, description: 'Omitted: every event' })
  @OptionalNotNull()
  @IsObject()
  @ValidateNested()
  @Type(() => DcbQueryDto)
  query?: DcbQueryDto;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, default: 0, description: 'Only events after this position (exclusive)' })
  @OptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  after: number = 0;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_READ_LIMIT,
    default: DEFAULT_READ_LIMIT,
    description: eventPageLimitDescription('Read on with `after: lastPosition`.'),
  })
  @OptionalNotNull()
  @IsInt()
  @Min(1)
  @Max(MAX_READ_LIMIT)
  limit: number = DEFAULT_READ_LIMIT;
}
