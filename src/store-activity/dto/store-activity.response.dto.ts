import { ApiProperty } from '@nestjs/swagger';
import type { StoreActivity } from '../queries/get-store-activity.query';

export class ActivityMinuteDto {
  @ApiProperty({ example: '2026-11-21T12:00:00.000Z', description: 'Start of the UTC minute' })
  start!: string;

  @ApiProperty({ example: 42, description: 'Events appended in that minute' })
  events!: number;
}

export class StoreActivityResponseDto {
  @ApiProperty({ example: 'es_8c1f0e9a2b3d4c5e6f7a8b9c' })
  eventStoreId!: string;

  @ApiProperty({ example: 1234, description: 'Global position of the newest event (0 before the first append)' })
  lastPosition!: number;

  @ApiProperty({
    type: [ActivityMinuteDto],
    description: 'The last 60 minutes, oldest first; the last one is the current minute so far',
  })
  minutes!: ActivityMinuteDto[];

  static from(activity: StoreActivity): StoreActivityResponseDto {
    return {
      eventStoreId: activity.eventStoreId,
      lastPosition: activity.lastPosition,
      minutes: activity.minutes.map(({ start, events }) => ({ start: start.toISOString(), events })),
    };
  }
}
