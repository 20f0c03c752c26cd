import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';

/** A close frame's reason is at most 123 bytes; printable ASCII keeps characters and bytes equal. */
const CLOSE_REASON = /^[\x20-\x7E]{1,120}$/;

export class CloseWebSocketClientParamsDto {
  @ApiPropertyOptional({
    description: 'Sent to the client as the close frame’s reason (code 1000); printable ASCII, at most 120 characters',
    example: 'Maintenance',
    default: 'Closed by an administrator',
  })
  @IsOptional()
  @Matches(CLOSE_REASON, { message: 'reason must be 1-120 printable ASCII characters' })
  reason: string = 'Closed by an administrator';
}
