import { ApiProperty } from '@nestjs/swagger';
import type { ConnectionRecord } from '../connections/connection-record';

export class WebSocketSubscriptionSummaryDto {
  @ApiProperty({ example: 'wss_1c9e0b7d2a4f6e8c0b1d3f5a' })
  subscriptionId!: string;

  @ApiProperty({ example: 'order.*' })
  eventFilter!: string;
}

/** An open socket on any API instance (DECISIONS §9). */
export class WebSocketConnectionResponseDto {
  @ApiProperty({ example: 'conn_7a2b9c4d1e0f3a5b6c8d9e0f' })
  connectionId!: string;

  @ApiProperty({ example: 'dashboard-1', description: 'The `clientId` query parameter of the upgrade, or a generated `cli_…` id' })
  clientId!: string;

  @ApiProperty({ example: '2026-11-23T12:00:00.000Z' })
  connectedAt!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    example: '203.0.113.7',
    description: "The peer address of the socket (a proxy's, behind one)",
  })
  ipAddress!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'Mozilla/5.0 …' })
  userAgent!: string | null;

  @ApiProperty({ type: [WebSocketSubscriptionSummaryDto] })
  subscriptions!: WebSocketSubscriptionSummaryDto[];

  static from(record: ConnectionRecord): WebSocketConnectionResponseDto {
    return {
      connectionId: record.connectionId,
      clientId: record.clientId,
      connectedAt: record.connectedAt,
      ipAddress: record.ipAddress,
      userAgent: record.userAgent,
      subscriptions: record.subscriptions.map(({ subscriptionId, eventFilter }) => ({ subscriptionId, eventFilter })),
    };
  }
}

export class WebSocketConnectionListResponseDto {
  @ApiProperty({ type: [WebSocketConnectionResponseDto] })
  connections!: WebSocketConnectionResponseDto[];

  @ApiProperty({ example: 1 })
  totalCount!: number;
}

export class CloseWebSocketClientResponseDto {
  @ApiProperty({ example: true })
  success!: true;

  @ApiProperty({ example: "Closed 1 connection of client 'dashboard-1'" })
  message!: string;

  @ApiProperty({ example: 1 })
  connectionsClosedCount!: number;
}
