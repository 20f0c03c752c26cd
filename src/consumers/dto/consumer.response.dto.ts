import { ApiProperty } from '@nestjs/swagger';
import type { ConsumerSummary, ParkedEventRecord } from '../consumer.repository';

export class ConsumerResponseDto {
  @ApiProperty({ example: 'order-projection' })
  name!: string;

  @ApiProperty({ example: 'order.*' })
  eventFilter!: string;

  @ApiProperty({ example: 30000 })
  ackTimeoutMs!: number;

  @ApiProperty({ example: 5 })
  maxDeliveries!: number;

  @ApiProperty({ example: 1200, description: 'Every matching event at or below this position is done (acked, skipped or parked)' })
  checkpoint!: number;

  @ApiProperty({ example: 1250, description: "The store's last position" })
  lastPosition!: number;

  @ApiProperty({ example: 50, description: 'lastPosition − checkpoint (positions, matching or not)' })
  lag!: number;

  @ApiProperty({ example: 12, description: 'Events leased to clients now' })
  inFlight!: number;

  @ApiProperty({ example: 3, description: 'Clients attached now, on every API instance' })
  connectedClients!: number;

  @ApiProperty({ example: 0, description: 'Parked events (delivered maxDeliveries times without an ack)' })
  parked!: number;

  @ApiProperty({ example: '2026-11-26T12:00:00.000Z' })
  createdAt!: string;

  static from(consumer: ConsumerSummary): ConsumerResponseDto {
    return {
      name: consumer.name,
      eventFilter: consumer.eventFilter,
      ackTimeoutMs: consumer.ackTimeoutMs,
      maxDeliveries: consumer.maxDeliveries,
      checkpoint: consumer.checkpoint,
      lastPosition: consumer.lastPosition,
      lag: Math.max(0, consumer.lastPosition - consumer.checkpoint),
      inFlight: consumer.inFlight,
      connectedClients: consumer.connectedClients,
      parked: consumer.parked,
      createdAt: consumer.createdAt.toISOString(),
    };
  }
}

export class ConsumerListResponseDto {
  @ApiProperty({ type: [ConsumerResponseDto] })
  items!: ConsumerResponseDto[];

  @ApiProperty({ example: 1 })
  totalCount!: number;

  @ApiProperty({ example: 100 })
  limit!: number;

  @ApiProperty({ example: 0 })
  offset!: number;
}

export class ParkedEventResponseDto {
  @ApiProperty({ example: 42 })
  position!: number;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'order-17',
    description: '`__dcb__` for a DCB event; null once retention deleted it',
  })
  streamId!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'order.placed', description: 'Null once retention deleted the event' })
  type!: string | null;

  @ApiProperty({ example: 5 })
  deliveries!: number;

  @ApiProperty({ example: '2026-11-26T12:00:07.000Z' })
  parkedAt!: string;

  @ApiProperty({ type: String, nullable: true, example: 'not acked within ackTimeoutMs after 5 deliveries' })
  lastError!: string | null;

  static from(parked: ParkedEventRecord): ParkedEventResponseDto {
    return { ...parked, parkedAt: parked.parkedAt.toISOString() };
  }
}

export class ParkedEventListResponseDto {
  @ApiProperty({ type: [ParkedEventResponseDto] })
  items!: ParkedEventResponseDto[];

  @ApiProperty({ example: 1 })
  totalCount!: number;
}

export class AckResponseDto {
  @ApiProperty({ example: 3, description: 'Events this ack settled (already acked or never delivered ones do not count)' })
  acked!: number;

  @ApiProperty({ example: 1203 })
  checkpoint!: number;
}
