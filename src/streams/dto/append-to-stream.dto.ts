import { ApiPropertyOptional } from '@nestjs/swagger';
import { ConsumerOfAppend, ConsumerPositionDto } from '../../event-log/dto/consumer-position.dto';
import { OptionalNotNull } from '../../common/decorators/optional-not-null.decorator';
import { hasOnlyFields, instanceOf, isPlainObject } from '../../common/validation/precheck';
import { ExpectedVersion, IsExpectedVersion, isExpectedVersion } from '../../event-log/append/expected-version';
import { EXPECTED_VERSION_SCHEMA } from './expected-version.schema';
import { precheckEvents, SubmittedEventDto, SubmittedEvents } from '../../event-log/dto/submitted-event.dto';

export const APPEND_FIELDS = ['events', 'expectedStreamVersion', 'consumer'];

export class AppendToStreamDto {
  @SubmittedEvents()
  events!: SubmittedEventDto[];

  @ApiPropertyOptional(EXPECTED_VERSION_SCHEMA)
  // Only an absent field means `any`; an explicit null is an invalid value (DECISIONS §2).
  @OptionalNotNull()
  @IsExpectedVersion()
  expectedStreamVersion?: ExpectedVersion;

  @ConsumerOfAppend()
  consumer?: ConsumerPositionDto;

  /** The rules above as plain code (see AppValidationPipe); `fields` are those the body may have. */
  static precheck(body: unknown, fields: readonly string[] = APPEND_FIELDS): AppendToStreamDto | null {
    if (!isPlainObject(body) || !hasOnlyFields(body, fields)) return null;
    const events = precheckEvents(body.events);
    const { expectedStreamVersion } = body;
    if (!events || (expectedStreamVersion !== undefined && !isExpectedVersion(expectedStreamVersion))) return null;
    const consumer = body.consumer === undefined ? undefined : ConsumerPositionDto.precheck(body.consumer);
    if (consumer === null) return null;
    return instanceOf(AppendToStreamDto, { events, expectedStreamVersion, consumer });
  }
}
