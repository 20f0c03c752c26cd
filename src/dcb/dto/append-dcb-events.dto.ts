import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsObject, Max, Min, ValidateNested } from 'class-validator';
import { OptionalNotNull } from '../../common/decorators/optional-not-null.decorator';
import { hasOnlyFields, instanceOf, isIntegerBetween, isPlainObject } from '../../common/validation/precheck';
import { ConsumerOfAppend, ConsumerPositionDto } from '../../event-log/dto/consumer-position.dto';
import { precheckEvents, SubmittedEventDto, SubmittedEvents } from '../../event-log/dto/submitted-event.dto';
import { DcbQueryDto, precheckQuery } from './dcb-query.dto';

export class AppendConditionDto {
  @ApiProperty({ type: DcbQueryDto, description: 'The append fails if any event after `after` matches this query' })
  @IsObject()
  @ValidateNested()
  @Type(() => DcbQueryDto)
  failIfEventsMatch!: DcbQueryDto;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    example: 41,
    description: 'Only events after this position (exclusive) count; omitted: all events',
  })
  @OptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  after?: number;
}

export class AppendDcbEventsDto {
  @SubmittedEvents()
  events!: SubmittedEventDto[];

  @ApiPropertyOptional({ type: AppendConditionDto })
  @OptionalNotNull()
  @IsObject()
  @ValidateNested()
  @Type(() => AppendConditionDto)
  condition?: AppendConditionDto;

  @ConsumerOfAppend()
  consumer?: ConsumerPositionDto;

  /** The rules above as plain code (see AppValidationPipe). */
  static precheck(body: unknown): AppendDcbEventsDto | null {
    if (!isPlainObject(body) || !hasOnlyFields(body, ['events', 'condition', 'consumer'])) return null;
    const events = precheckEvents(body.events);
    if (!events) return null;
    const consumer = body.consumer === undefined ? undefined : ConsumerPositionDto.precheck(body.consumer);
    if (consumer === null) return null;
    const { condition } = body;
    if (condition === undefined) return instanceOf(AppendDcbEventsDto, { events, consumer });
    if (!isPlainObject(condition) || !hasOnlyFields(condition, ['failIfEventsMatch', 'after'])) return null;
    const failIfEventsMatch = precheckQuery(condition.failIfEventsMatch);
    const { after } = condition;
    if (!failIfEventsMatch || (after !== undefined && !isIntegerBetween(after, 0, Number.MAX_SAFE_INTEGER))) return null;
    return instanceOf(AppendDcbEventsDto, { events, consumer, condition: instanceOf(AppendConditionDto, { failIfEventsMatch, after }) });
  }
}
