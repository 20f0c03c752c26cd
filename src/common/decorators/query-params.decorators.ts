import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { MAX_OFFSET } from '../pagination';

/** An optional whole number in a query string, converted and bounded (beyond the bounds: 400). */
const QueryInteger = (minimum: number, maximum: number, docs: { default?: number; description?: string }) =>
  applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum, maximum, ...docs }),
    IsOptional(),
    Type(() => Number),
    IsInt(),
    Min(minimum),
    Max(maximum),
  );

export const LimitParam = (defaultLimit: number, maximum: number) => QueryInteger(1, maximum, { default: defaultLimit });

/** What every `limit` of a read of events says about the byte budget (READ_PAGE_MAX_BYTES), and `readOn` how to get the next page. */
export const eventPageLimitDescription = (readOn: string) =>
  'Most events in the page. A page also ends early, with `hasMore: true`, once its events reach the read budget ' +
  '(`READ_PAGE_MAX_BYTES`, 16 MiB of event JSON by default); it always holds at least one event, however large. ' +
  readOn;

/** The `limit` of a read of events (or family B's `maxCount`), documented with the page's byte budget. */
export const EventLimitParam = (defaultLimit: number, maximum: number, readOn: string) =>
  QueryInteger(1, maximum, { default: defaultLimit, description: eventPageLimitDescription(readOn) });

export const OffsetParam = () => QueryInteger(0, MAX_OFFSET, { default: 0 });

/** A stream or global position (or the bound of a range of them). */
export const PositionParam = (description: string, defaultPosition?: number) =>
  QueryInteger(0, Number.MAX_SAFE_INTEGER, { description, default: defaultPosition });

export const READ_DIRECTIONS = ['forward', 'backward'] as const;
export type ReadDirection = (typeof READ_DIRECTIONS)[number];

export const DirectionParam = () =>
  applyDecorators(ApiPropertyOptional({ enum: READ_DIRECTIONS, default: 'forward' }), IsOptional(), IsIn(READ_DIRECTIONS));
