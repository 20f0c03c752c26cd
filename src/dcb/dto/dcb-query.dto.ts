import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsObject, IsString, Matches, ValidateNested } from 'class-validator';
import { OptionalNotNull } from '../../common/decorators/optional-not-null.decorator';
import { hasOnlyFields, instanceOf, isPlainObject, isStringList } from '../../common/validation/precheck';
import { EVENT_TYPE_PATTERN, TAG_PATTERN } from '../../event-log/event-log.constants';
import { MAX_ITEM_VALUES, MAX_QUERY_ITEMS } from '../dcb.constants';

/** Matches events of any of `types` carrying all of `tags`; an omitted or empty list constrains nothing. */
export class DcbQueryItemDto {
  @ApiPropertyOptional({ type: [String], maxItems: MAX_ITEM_VALUES, example: ['CourseCreated', 'StudentSubscribed'], description: 'ORed' })
  @OptionalNotNull()
  @IsArray()
  @ArrayMaxSize(MAX_ITEM_VALUES)
  @IsString({ each: true })
  @Matches(EVENT_TYPE_PATTERN, { each: true, message: 'each type must be 1-255 characters without whitespace or control characters' })
  types?: string[];

  @ApiPropertyOptional({ type: [String], maxItems: MAX_ITEM_VALUES, example: ['course:c1'], description: 'ANDed' })
  @OptionalNotNull()
  @IsArray()
  @ArrayMaxSize(MAX_ITEM_VALUES)
  @IsString({ each: true })
  @Matches(TAG_PATTERN, { each: true, message: 'each tag must be 1-255 characters without commas or control characters' })
  tags?: string[];
}

/** Items are ORed; a query without items matches every event. */
export class DcbQueryDto {
  @ApiPropertyOptional({
    type: [DcbQueryItemDto],
    maxItems: MAX_QUERY_ITEMS,
    default: [],
    description:
      "ORed. The query's cost, the sum over items of (types, at least 1) × (tags, at least 1), may be at most the " +
      "service's DCB_MAX_QUERY_COST (1000 unless configured); a costlier query is refused with 400 `VALIDATION_ERROR` " +
      '(`details.limit: "dcbQueryCost"`) before it runs.',
  })
  @OptionalNotNull()
  @IsArray()
  @ArrayMaxSize(MAX_QUERY_ITEMS)
  // ValidateNested alone passes an item that is itself an array (it validates its items instead).
  @IsObject({ each: true, message: 'each of items must be an object' })
  @ValidateNested({ each: true })
  @Type(() => DcbQueryItemDto)
  items: DcbQueryItemDto[] = [];
}

const isOptionalList = (value: unknown, pattern: RegExp) => value === undefined || isStringList(value, MAX_ITEM_VALUES, pattern);

/** The rules above as plain code, for AppendDcbEventsDto's precheck (see AppValidationPipe): the query, or null when any rule is off. */
export function precheckQuery(value: unknown): DcbQueryDto | null {
  if (!isPlainObject(value) || !hasOnlyFields(value, ['items'])) return null;
  const { items } = value;
  if (items === undefined) return new DcbQueryDto();
  if (!Array.isArray(items) || items.length > MAX_QUERY_ITEMS) return null;
  const checked: DcbQueryItemDto[] = [];
  for (const item of items) {
    if (
      !isPlainObject(item) ||
      !hasOnlyFields(item, ['types', 'tags']) ||
      !isOptionalList(item.types, EVENT_TYPE_PATTERN) ||
      !isOptionalList(item.tags, TAG_PATTERN)
    )
      return null;
    checked.push(instanceOf(DcbQueryItemDto, { types: item.types, tags: item.tags }));
  }
  return instanceOf(DcbQueryDto, { items: checked });
}
