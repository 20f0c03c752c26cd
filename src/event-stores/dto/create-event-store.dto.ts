import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsPositive,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import type { NewEventStore } from '../commands/create-event-store.command';
import { DEFAULT_REGION, EVENT_STORE_NAME_PATTERN, MAX_DESCRIPTION_LENGTH, MAX_REGION_LENGTH } from '../event-store.constants';

export class EventStoreSettingsDto {
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    example: 30,
    description: 'Events older than this many days are deleted by the retention sweep (fractions allowed); null keeps them forever',
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @IsPositive()
  retentionPeriodDays?: number | null;

  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    example: 10485760,
    description: 'Appends that would take a named stream past this size get 409 STREAM_SIZE_EXCEEDED; null is unlimited',
  })
  @IsOptional()
  @IsInt()
  @IsPositive()
  @Max(Number.MAX_SAFE_INTEGER)
  maxStreamSizeBytes?: number | null;
}

export class CreateEventStoreDto {
  @ApiProperty({
    example: 'orders',
    pattern: EVENT_STORE_NAME_PATTERN.source,
    description: 'Unique within the tenant: 3-63 of a-z, 0-9, `_`, `-`; must not start with `es_`',
  })
  @IsString()
  @Matches(EVENT_STORE_NAME_PATTERN, {
    message: 'name must be 3-63 characters of a-z, 0-9, _ or - and must not start with es_',
  })
  name!: string;

  @ApiPropertyOptional({ example: 'Order lifecycle events', maxLength: MAX_DESCRIPTION_LENGTH, default: '' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_DESCRIPTION_LENGTH)
  description?: string;

  @ApiPropertyOptional({ example: 'eu-west-1', minLength: 1, maxLength: MAX_REGION_LENGTH, default: DEFAULT_REGION })
  @IsOptional()
  @IsString()
  @Length(1, MAX_REGION_LENGTH)
  region?: string;

  @ApiPropertyOptional({ type: EventStoreSettingsDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => EventStoreSettingsDto)
  settings?: EventStoreSettingsDto;

  toNewEventStore(): NewEventStore {
    const { settings, ...store } = this;
    return { ...store, ...settings };
  }
}
