import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** An event as stored and returned (spec §2). */
export class StoredEventResponseDto {
  @ApiProperty({ example: 'order-1001', description: 'For DCB events the reserved value `__dcb__`' })
  streamId!: string;

  @ApiProperty({ example: 0, description: '0-based position within the stream' })
  streamPosition!: number;

  @ApiProperty({ example: 1, description: 'Position in the whole store: starts at 1, gap-free, in commit order' })
  globalPosition!: number;

  @ApiProperty({ format: 'uuid' })
  eventId!: string;

  @ApiProperty({ example: 'order.created' })
  type!: string;

  @ApiProperty({ type: 'object', additionalProperties: true, example: { orderId: 'o-1' } })
  data!: Record<string, unknown>;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Present when the event was submitted with metadata' })
  metadata?: Record<string, unknown>;

  @ApiPropertyOptional({ type: [String], description: 'Always present on DCB reads; on other reads only when the event carries tags' })
  tags?: string[];

  @ApiProperty({ example: '1' })
  schemaVersion!: string;

  @ApiProperty({ format: 'uuid', description: 'Shared by all events of one append' })
  transactionId!: string;

  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' })
  createdAt!: string;
}
