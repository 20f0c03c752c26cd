import { ApiPropertyOptional } from '@nestjs/swagger';
import { OptionalNotNull } from '../../common/decorators/optional-not-null.decorator';
import { instanceOf, isPlainObject } from '../../common/validation/precheck';
import { ExpectedVersion, IsExpectedVersion, isExpectedVersion } from '../expected-version';
import { EXPECTED_VERSION_SCHEMA } from './expected-version.schema';
import { precheckEvents, SubmittedEventDto, SubmittedEvents } from './submitted-event.dto';

export class AppendToStreamDto {
  @SubmittedEvents()
  events!: SubmittedEventDto[];

  @ApiPropertyOptional(EXPECTED_VERSION_SCHEMA)
  // Only an absent field means `any`; an explicit null is an invalid value (DECISIONS §2).
  @OptionalNotNull()
  @IsExpectedVersion()
  expectedStreamVersion?: ExpectedVersion;

  /** The rules above as plain code (see AppValidationPipe). */
  static precheck(body: unknown): AppendToStreamDto | null {
    if (!isPlainObject(body)) return null;
    const events = precheckEvents(body.events);
    const { expectedStreamVersion } = body;
    if (!events || (expectedStreamVersion !== undefined && !isExpectedVersion(expectedStreamVersion))) return null;
    return instanceOf(AppendToStreamDto, { events, expectedStreamVersion });
  }
}
