import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { JsonText } from '../../common/json/json-text';
import type { StreamListPage } from '../queries/list-streams.query';
import { StoredEventResponseDto } from '../../event-log/dto/stored-event.response.dto';

export class ReadStreamResponseDto {
  @ApiProperty({ example: 'order-1001' })
  streamId!: string;

  @ApiProperty({ type: [StoredEventResponseDto] })
  events!: JsonText<StoredEventResponseDto[]>;

  @ApiProperty({ description: 'More events lie in the requested range beyond this page' })
  hasMore!: boolean;

  @ApiProperty({ example: 3, description: 'Events ever appended to the stream' })
  streamVersion!: number;
}

// The published schema keeps its first name: generated clients know it by that.
@ApiSchema({ name: 'ApiReadStreamResponseDto' })
export class JwtReadStreamResponseDto {
  @ApiProperty({ example: 'order-1001' })
  streamId!: string;

  @ApiProperty({ type: [StoredEventResponseDto] })
  events!: JsonText<StoredEventResponseDto[]>;

  @ApiProperty({ example: 3 })
  currentStreamVersion!: number;

  @ApiProperty()
  hasMore!: boolean;
}

export class ReadEventsResponseDto {
  @ApiProperty({ type: [StoredEventResponseDto] })
  events!: JsonText<StoredEventResponseDto[]>;

  @ApiProperty()
  hasMore!: boolean;
}

export class StreamSummaryDto {
  @ApiProperty({ example: 'order-1001' })
  streamId!: string;

  @ApiProperty({ example: 'order' })
  streamType!: string;

  @ApiProperty({ example: 3 })
  streamVersion!: number;

  @ApiProperty({ example: 17 })
  lastGlobalPosition!: number;

  @ApiProperty({ example: 312, description: "UTF-8 bytes of the stored events' compact JSON data and metadata" })
  sizeBytes!: number;

  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' })
  createdAt!: string;

  @ApiProperty({ example: '2026-11-21T12:00:05.000Z' })
  updatedAt!: string;
}

export class PaginationDto {
  @ApiProperty({ example: 100 })
  limit!: number;

  @ApiProperty({ example: 0 })
  offset!: number;

  @ApiProperty({ example: 1 })
  total!: number;

  @ApiProperty()
  hasMore!: boolean;
}

export class ListStreamsResponseDto {
  @ApiProperty({ type: [StreamSummaryDto] })
  streams!: StreamSummaryDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;

  static from({ streams, total }: StreamListPage, { limit, offset }: { limit: number; offset: number }): ListStreamsResponseDto {
    return { streams, pagination: { limit, offset, total, hasMore: offset + streams.length < total } };
  }
}
