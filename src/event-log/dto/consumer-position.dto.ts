import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsObject, IsString, Matches, Max, Min, ValidateNested } from 'class-validator';
import { OptionalNotNull } from '../../common/decorators/optional-not-null.decorator';
import { hasOnlyFields, instanceOf, isIntegerBetween, isPlainObject } from '../../common/validation/precheck';
import { CONSUMER_NAME_PATTERN } from '../../consumers/consumer.constants';

/**
 * `consumer` of an append: the consumer that processed `position` with it. Recorded in the append's
 * transaction; a position already processed refuses the append (409 ALREADY_PROCESSED), so a process
 * manager that reacts to an event with new events does so exactly once (docs/consumers.md).
 */
export class ConsumerPositionDto {
  @ApiProperty({ example: 'order-process-manager', description: 'A consumer of this store' })
  @IsString()
  @Matches(CONSUMER_NAME_PATTERN)
  name!: string;

  @ApiProperty({ example: 42, minimum: 0, description: 'The position the consumer processed' })
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  position!: number;

  /** The rules above as plain code (see AppValidationPipe). */
  static precheck(value: unknown): ConsumerPositionDto | null {
    if (!isPlainObject(value) || !hasOnlyFields(value, ['name', 'position'])) return null;
    const { name, position } = value;
    if (typeof name !== 'string' || !CONSUMER_NAME_PATTERN.test(name) || !isIntegerBetween(position, 0, Number.MAX_SAFE_INTEGER))
      return null;
    return instanceOf(ConsumerPositionDto, { name, position });
  }
}

/** The optional `consumer` field of a stream or DCB append: documented, and validated as a ConsumerPositionDto. */
export const ConsumerOfAppend = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: ConsumerPositionDto,
      description:
        'The consumer that processed `position` with this append, recorded in its transaction; already processed: 409 ALREADY_PROCESSED, nothing written',
    }),
    OptionalNotNull(),
    IsObject(),
    ValidateNested(),
    Type(() => ConsumerPositionDto),
  );
