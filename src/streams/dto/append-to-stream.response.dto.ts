import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { AppendResult } from '../../event-log/append/append-request';

export class AppendToStreamResponseDto {
  @ApiProperty({ example: 'order-1001' })
  streamId!: string;

  @ApiProperty({ example: 2 })
  eventsAppended!: number;

  @ApiProperty({ example: 2, description: 'Events ever appended to the stream, this append included' })
  currentStreamVersion!: number;

  @ApiProperty({ example: 17, description: 'Global position of the last appended event' })
  globalPosition!: number;

  static from(result: AppendResult): AppendToStreamResponseDto {
    return {
      streamId: result.streamId,
      eventsAppended: result.eventsAppended,
      currentStreamVersion: result.streamVersion,
      globalPosition: result.lastPosition,
    };
  }
}

// The published schema keeps its first name: generated clients know it by that.
@ApiSchema({ name: 'ApiAppendToStreamResponseDto' })
export class JwtAppendToStreamResponseDto {
  @ApiProperty({ example: true })
  success!: true;

  @ApiProperty({ example: 'order-1001' })
  streamId!: string;

  @ApiProperty({ example: 2 })
  eventsWritten!: number;

  @ApiProperty({ example: 2, description: 'The version to expect on the next append' })
  nextExpectedStreamVersion!: number;

  @ApiProperty({ example: 2 })
  currentStreamVersion!: number;

  @ApiProperty({ example: 17 })
  globalPosition!: number;

  static from(result: AppendResult): JwtAppendToStreamResponseDto {
    return {
      success: true,
      streamId: result.streamId,
      eventsWritten: result.eventsAppended,
      nextExpectedStreamVersion: result.streamVersion,
      currentStreamVersion: result.streamVersion,
      globalPosition: result.lastPosition,
    };
  }
}
