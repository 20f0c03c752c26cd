import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';
import { CLIENT_ID_PATTERN } from '../websocket.constants';

/** The query of the WebSocket URL (DECISIONS §9); the upgrade itself reads it in UpgradeAuthorizer. */
export class WebSocketUpgradeParamsDto {
  @ApiPropertyOptional({ description: 'The API key (or send it in the Authorization header)' })
  @IsOptional()
  @IsString()
  apiKey?: string;

  @ApiPropertyOptional({ description: 'Your name for this client, 1-128 of `[A-Za-z0-9._:-]`; generated when absent' })
  @IsOptional()
  @Matches(CLIENT_ID_PATTERN, { message: 'clientId must be 1-128 of [A-Za-z0-9._:-]' })
  clientId?: string;
}
