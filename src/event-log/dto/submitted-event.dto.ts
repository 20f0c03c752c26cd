import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsObject, IsOptional, IsString, Length, Matches, ValidateNested } from 'class-validator';
import type { JsonText } from '../../common/json/json-text';
import { OptionalNotNull } from '../../common/decorators/optional-not-null.decorator';
import { hasOnlyFields, instanceOf, isPlainObject, isStringList } from '../../common/validation/precheck';
import { EVENT_TYPE_PATTERN, MAX_EVENTS_PER_APPEND, MAX_NAME_LENGTH, MAX_TAGS_PER_EVENT, TAG_PATTERN } from '../event-log.constants';

export class SubmittedEventDto {
  @ApiProperty({
    example: 'order.created',
    maxLength: MAX_NAME_LENGTH,
    description: 'Dotted names recommended; no whitespace or control characters',
  })
  @IsString()
  @Matches(EVENT_TYPE_PATTERN, { message: 'type must be 1-255 characters without whitespace or control characters' })
  type!: string;

  /** As parsed, or as the compact JSON text the body brought it in (compactAppendBody). */
  @ApiProperty({ type: 'object', additionalProperties: true, example: { orderId: 'o-1', total: 42 } })
  @IsObject()
  data!: Record<string, unknown> | JsonText;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    example: { correlationId: 'c-9' },
    description: 'null is the same as omitted',
  })
  @IsOptional()
  @IsObject()
  metadata?: Record<string, unknown> | JsonText;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_TAGS_PER_EVENT,
    example: ['customer:c-7'],
    description: 'Opaque strings (1-255 characters, no comma) that DCB queries and conditions match',
  })
  @OptionalNotNull()
  @IsArray()
  @ArrayMaxSize(MAX_TAGS_PER_EVENT)
  @IsString({ each: true })
  @Matches(TAG_PATTERN, { each: true, message: 'each tag must be 1-255 characters without commas or control characters' })
  tags?: string[];

  @ApiPropertyOptional({ example: '1', default: '1', maxLength: 64 })
  @OptionalNotNull()
  @IsString()
  @Length(1, 64)
  schemaVersion?: string;
}

/**
 * The decorators' rules above as plain code, for the append bodies' prechecks (AppValidationPipe):
 * the events as class-transformer would build them, or null when any is off.
 */
const EVENT_FIELDS = ['type', 'data', 'metadata', 'tags', 'schemaVersion'];

export function precheckEvents(value: unknown): SubmittedEventDto[] | null {
  if (!Array.isArray(value) || value.length < 1 || value.length > MAX_EVENTS_PER_APPEND) return null;
  const events: SubmittedEventDto[] = [];
  for (const event of value) {
    if (!isPlainObject(event) || !hasOnlyFields(event, EVENT_FIELDS)) return null;
    const { type, data, metadata, tags, schemaVersion } = event;
    if (typeof type !== 'string' || !EVENT_TYPE_PATTERN.test(type) || !isPlainObject(data)) return null;
    if (metadata !== undefined && metadata !== null && !isPlainObject(metadata)) return null;
    if (tags !== undefined && !isStringList(tags, MAX_TAGS_PER_EVENT, TAG_PATTERN)) return null;
    // Printable ASCII only: Length counts some characters differently from String.length, and the full path decides the rest.
    if (schemaVersion !== undefined && !(typeof schemaVersion === 'string' && /^[\x20-\x7E]{1,64}$/.test(schemaVersion))) return null;
    events.push(instanceOf(SubmittedEventDto, { type, data, metadata: metadata as SubmittedEventDto['metadata'], tags, schemaVersion }));
  }
  return events;
}

/** The `events` of any append (stream, family B, DCB): 1-1000 submitted events, each validated. */
export const SubmittedEvents = () =>
  applyDecorators(
    ApiProperty({ type: [SubmittedEventDto], minItems: 1, maxItems: MAX_EVENTS_PER_APPEND }),
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(MAX_EVENTS_PER_APPEND),
    // ValidateNested alone passes an event that is itself an array (it validates its items instead).
    IsObject({ each: true, message: 'each of events must be an object' }),
    ValidateNested({ each: true }),
    Type(() => SubmittedEventDto),
  );
