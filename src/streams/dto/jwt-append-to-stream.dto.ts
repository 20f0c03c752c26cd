import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, ValidateNested } from 'class-validator';
import { OptionalNotNull } from '../../common/decorators/optional-not-null.decorator';
import { hasOnlyFields, instanceOf, isPlainObject } from '../../common/validation/precheck';
import { ExpectedVersion, IsExpectedVersion, isExpectedVersion } from '../../event-log/append/expected-version';
import { APPEND_FIELDS, AppendToStreamDto } from './append-to-stream.dto';
import { EXPECTED_VERSION_SCHEMA } from './expected-version.schema';

export class AppendOptionsDto {
  @ApiPropertyOptional(EXPECTED_VERSION_SCHEMA)
  // Only an absent field means `any`; an explicit null is an invalid value (DECISIONS §2).
  @OptionalNotNull()
  @IsExpectedVersion()
  expectedStreamVersion?: ExpectedVersion;
}

/** Family B's body: family A's, with the expected version also accepted under `options`. */
// The published schema keeps its first name: generated clients know it by that.
@ApiSchema({ name: 'ApiAppendToStreamDto' })
export class JwtAppendToStreamDto extends AppendToStreamDto {
  @ApiPropertyOptional({
    type: AppendOptionsDto,
    description: 'Another place for `expectedStreamVersion`; when the body gives it at the top level too, the top-level value wins',
  })
  @OptionalNotNull()
  @IsObject()
  @ValidateNested()
  @Type(() => AppendOptionsDto)
  options?: AppendOptionsDto;

  /** The top-level value wins when both are given. */
  get effectiveExpectedVersion(): ExpectedVersion | undefined {
    return this.expectedStreamVersion ?? this.options?.expectedStreamVersion;
  }

  /** The rules above as plain code (see AppValidationPipe); it replaces the one inherited, which knows no `options`. */
  static override precheck(body: unknown): JwtAppendToStreamDto | null {
    const base = AppendToStreamDto.precheck(body, [...APPEND_FIELDS, 'options']);
    if (!base || !isPlainObject(body)) return null;
    const { options } = body;
    if (options === undefined) return instanceOf(JwtAppendToStreamDto, { ...base });
    if (!isPlainObject(options) || !hasOnlyFields(options, ['expectedStreamVersion'])) return null;
    const { expectedStreamVersion } = options;
    if (expectedStreamVersion !== undefined && !isExpectedVersion(expectedStreamVersion)) return null;
    return instanceOf(JwtAppendToStreamDto, { ...base, options: instanceOf(AppendOptionsDto, { expectedStreamVersion }) });
  }
}
