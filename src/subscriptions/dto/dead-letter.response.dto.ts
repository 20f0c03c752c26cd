import { ApiProperty } from '@nestjs/swagger';
import type { ListedDeadLetter } from '../queries/list-dead-letters.query';

export class DeadLetterResponseDto {
  @ApiProperty({ example: 'dl_0a1b2c3d4e5f60718293a4b5' })
  id!: string;

  @ApiProperty({ example: 42 })
  globalPosition!: number;

  @ApiProperty({ example: '0f8fad5b-d9cb-469f-a165-70867728950e' })
  eventId!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'order.created',
    description: "The event's type; null once retention deleted the event",
  })
  type!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    example: 'order-1001',
    description: "The event's stream (`__dcb__` for a DCB event); null once retention deleted the event",
  })
  streamId!: string | null;

  @ApiProperty({ example: 4, description: 'Attempts made in the round that failed' })
  attempts!: number;

  @ApiProperty({ type: Number, nullable: true, example: 503, description: 'Null when no response came (timeout, refused connection)' })
  lastStatusCode!: number | null;

  @ApiProperty({ example: 'HTTP 503' })
  lastError!: string;

  @ApiProperty({ example: '2026-11-21T12:00:07.000Z' })
  failedAt!: string;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'Set while a replay waits for its turn' })
  replayRequestedAt!: string | null;

  static from({ deadLetter, event }: ListedDeadLetter): DeadLetterResponseDto {
    return {
      id: deadLetter.id,
      globalPosition: deadLetter.globalPosition,
      eventId: deadLetter.eventId,
      type: event?.type ?? null,
      streamId: event?.streamId ?? null,
      attempts: deadLetter.attempts,
      lastStatusCode: deadLetter.lastStatusCode,
      lastError: deadLetter.lastError,
      failedAt: deadLetter.failedAt.toISOString(),
      replayRequestedAt: deadLetter.replayRequestedAt?.toISOString() ?? null,
    };
  }
}

export class DeadLetterListResponseDto {
  @ApiProperty({ type: [DeadLetterResponseDto] })
  deadLetters!: DeadLetterResponseDto[];

  @ApiProperty({ example: 1 })
  totalCount!: number;
}

export class ReplayDeadLetterResponseDto {
  @ApiProperty({ example: true })
  success!: true;
}

export class ReplayDeadLettersResponseDto {
  @ApiProperty({ example: true })
  success!: true;

  @ApiProperty({
    example: 3,
    description: 'Dead letters this request queued; those already waiting for their replay are not counted again',
  })
  queued!: number;
}
