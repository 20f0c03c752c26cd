import { ApiProperty } from '@nestjs/swagger';
import type { EventStoreEntity } from '../entities/event-store.entity';
import type { EventStorePage } from '../queries/list-event-stores.query';

export class EventStoreSettingsResponseDto {
  @ApiProperty({ type: Number, nullable: true, example: null })
  retentionPeriodDays!: number | null;

  @ApiProperty({ type: Number, nullable: true, example: null })
  maxStreamSizeBytes!: number | null;
}

export class EventStoreResponseDto {
  @ApiProperty({ example: 'es_8c1f0e9a2b3d4c5e6f7a8b9c' })
  id!: string;

  @ApiProperty({ example: 'orders' })
  name!: string;

  @ApiProperty({ example: 'Order lifecycle events' })
  description!: string;

  @ApiProperty({ example: 'default' })
  region!: string;

  @ApiProperty({ enum: ['active'], example: 'active' })
  status!: 'active';

  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' })
  createdAt!: string;

  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' })
  updatedAt!: string;

  @ApiProperty({ type: EventStoreSettingsResponseDto })
  settings!: EventStoreSettingsResponseDto;

  static from(store: EventStoreEntity): EventStoreResponseDto {
    return {
      id: store.id,
      name: store.name,
      description: store.description,
      region: store.region,
      status: store.status,
      createdAt: store.createdAt.toISOString(),
      updatedAt: store.updatedAt.toISOString(),
      settings: { retentionPeriodDays: store.retentionPeriodDays, maxStreamSizeBytes: store.maxStreamSizeBytes },
    };
  }
}

export class EventStoreStatisticsDto {
  @ApiProperty({ example: 0, description: 'Named streams ever appended to' })
  totalStreams!: number;

  @ApiProperty({ example: 0, description: 'Stored events, DCB events included' })
  totalEvents!: number;

  @ApiProperty({ example: 0, description: 'UTF-8 bytes of the stored events’ data and metadata' })
  databaseSizeBytes!: number;

  @ApiProperty({ type: String, nullable: true, example: null })
  oldestEventTimestamp!: string | null;

  @ApiProperty({ type: String, nullable: true, example: null })
  newestEventTimestamp!: string | null;
}

export class EventStoreDetailsResponseDto extends EventStoreResponseDto {
  @ApiProperty({ type: EventStoreStatisticsDto })
  statistics!: EventStoreStatisticsDto;

  static override from(store: EventStoreEntity): EventStoreDetailsResponseDto {
    return {
      ...EventStoreResponseDto.from(store),
      statistics: {
        totalStreams: store.totalStreams,
        totalEvents: store.totalEvents,
        databaseSizeBytes: store.totalSizeBytes,
        oldestEventTimestamp: store.oldestEventAt?.toISOString() ?? null,
        // The row keeps newest_event_at after retention emptied the store (appends never go below it), but an empty store has no newest event.
        newestEventTimestamp: store.totalEvents > 0 ? (store.newestEventAt?.toISOString() ?? null) : null,
      },
    };
  }
}

export class EventStoreListResponseDto {
  @ApiProperty({ type: [EventStoreResponseDto] })
  eventStores!: EventStoreResponseDto[];

  @ApiProperty({ example: 1, description: 'Stores matching the filter, all pages together' })
  totalCount!: number;

  @ApiProperty({ example: 50 })
  limit!: number;

  @ApiProperty({ example: 0 })
  offset!: number;

  static from(page: EventStorePage, { limit, offset }: { limit: number; offset: number }): EventStoreListResponseDto {
    return { eventStores: page.stores.map(EventStoreResponseDto.from), totalCount: page.totalCount, limit, offset };
  }
}
