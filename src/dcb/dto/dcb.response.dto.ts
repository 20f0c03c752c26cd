import { ApiProperty } from '@nestjs/swagger';
import type { JsonText } from '../../common/json/json-text';
import { StoredEventResponseDto } from '../../event-log/dto/stored-event.response.dto';

export class AppendDcbEventsResponseDto {
  @ApiProperty({ example: 42, description: 'Global position of the last appended event' })
  lastPosition!: number;
}

export class ReadDcbEventsResponseDto {
  @ApiProperty({ type: [StoredEventResponseDto], description: 'In position order, each with `tags`' })
  events!: JsonText<StoredEventResponseDto[]>;

  @ApiProperty({
    example: 42,
    description: 'Position of the last returned event, or `after` when none: pass it as the next `after` or condition',
  })
  lastPosition!: number;

  @ApiProperty({
    description:
      'More matching events follow `lastPosition`: the page ended at `limit` or at the read budget (extension). Read on with `after: lastPosition` while true',
  })
  hasMore!: boolean;
}

/** The spec's own body for a failed append condition (not the error envelope). */
export class AppendConditionFailedResponseDto {
  @ApiProperty({ example: 'Append condition failed' })
  error!: string;

  @ApiProperty({ example: 'APPEND_CONDITION_FAILED' })
  code!: string;

  @ApiProperty({ example: '2 events after position 41 match failIfEventsMatch' })
  details!: string;

  @ApiProperty({ type: [Number], example: [43, 47], description: 'Matching positions after `after`, ascending, the lowest 100 at most' })
  conflictingPositions!: number[];

  @ApiProperty({ example: 41 })
  afterPosition!: number;
}
