import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, ValidateNested } from 'class-validator';
import { OptionalNotNull } from '../../common/decorators/optional-not-null.decorator';
import { ExpectedVersion, IsExpectedVersion } from '../expected-version';
import { MAX_EVENTS_PER_APPEND } from '../stream.constants';
import { EXPECTED_VERSION_SCHEMA } from './expected-version.schema';
import { SubmittedEventDto } from './submitted-event.dto';

export class AppendToStreamDto {
  @ApiProperty({ type: [SubmittedEventDto], minItems: 1, maxItems: MAX_EVENTS_PER_APPEND })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_EVENTS_PER_APPEND)
  @ValidateNested({ each: true })
  @Type(() => SubmittedEventDto)
  events!: SubmittedEventDto[];

  @ApiPropertyOptional(EXPECTED_VERSION_SCHEMA)
  // Only an absent field means `any`; an explicit null is an invalid value (DECISIONS §2).
  @OptionalNotNull()
  @IsExpectedVersion()
  expectedStreamVersion?: ExpectedVersion;
}
