import { ApiPropertyOptional } from '@nestjs/swagger';
import { OptionalNotNull } from '../../common/decorators/optional-not-null.decorator';
import { ExpectedVersion, IsExpectedVersion } from '../expected-version';
import { EXPECTED_VERSION_SCHEMA } from './expected-version.schema';
import { SubmittedEventDto, SubmittedEvents } from './submitted-event.dto';

export class AppendToStreamDto {
  @SubmittedEvents()
  events!: SubmittedEventDto[];

  @ApiPropertyOptional(EXPECTED_VERSION_SCHEMA)
  // Only an absent field means `any`; an explicit null is an invalid value (DECISIONS §2).
  @OptionalNotNull()
  @IsExpectedVersion()
  expectedStreamVersion?: ExpectedVersion;
}
