import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { RequireApiKey, RequireScope } from '../auth/decorators/auth.decorators';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrorResponses } from '../common/decorators/api-error-responses.decorator';
import { EVENT_STORE_REF_PARAM } from '../event-stores/event-store-ref.param';
import { CloseWebSocketClientCommand } from './commands/close-websocket-client.command';
import { CloseWebSocketClientParamsDto } from './dto/close-websocket-client-params.dto';
import {
  CloseWebSocketClientResponseDto,
  WebSocketConnectionListResponseDto,
  WebSocketConnectionResponseDto,
} from './dto/websocket-connection.response.dto';
import { ListWebSocketConnectionsQuery } from './queries/list-websocket-connections.query';

/** Family A: the store's open WebSockets, across every API instance (admin scope, DECISIONS §6 and §9). */
@ApiTags('WebSocket')
@RequireApiKey()
@RequireScope('admin')
@Controller('event-stores/:eventStoreId/websocket-connections')
export class WebSocketConnectionsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'listWebSocketConnections',
    summary: "List the store's open WebSocket connections on every API instance",
    description: 'Connections are opened at `GET /event-stores/{eventStoreId}/events/ws` (see there for the protocol).',
  })
  @ApiParam(EVENT_STORE_REF_PARAM)
  @ApiOkResponse({ type: WebSocketConnectionListResponseDto })
  @ApiErrorResponses([401, 403, 404, 503], { 503: 'SERVICE_UNAVAILABLE: the WebSocket connection registry (Redis) is unavailable' })
  async list(@CurrentPrincipal() principal: Principal, @Param('eventStoreId') ref: string): Promise<WebSocketConnectionListResponseDto> {
    const connections = await this.queryBus.execute(new ListWebSocketConnectionsQuery(principal.tenantId, ref));
    return { connections: connections.map(WebSocketConnectionResponseDto.from), totalCount: connections.length };
  }

  @Delete(':clientId')
  @ApiOperation({
    operationId: 'closeWebSocketClient',
    summary: 'Close every connection of a client, on whichever instance it is',
    description: 'Each socket gets close code 1000 with the reason; its subscriptions end.',
  })
  @ApiParam(EVENT_STORE_REF_PARAM)
  @ApiParam({ name: 'clientId', example: 'dashboard-1' })
  @ApiOkResponse({ type: CloseWebSocketClientResponseDto })
  @ApiErrorResponses([400, 401, 403, 404, 503], {
    404: 'NOT_FOUND: no such store, or the client has no open connection on it',
    503: 'SERVICE_UNAVAILABLE: the WebSocket connection registry (Redis) is unavailable',
  })
  async close(
    @CurrentPrincipal() principal: Principal,
    @Param('eventStoreId') ref: string,
    @Param('clientId') clientId: string,
    @Query() { reason }: CloseWebSocketClientParamsDto,
  ): Promise<CloseWebSocketClientResponseDto> {
    const count = await this.commandBus.execute(new CloseWebSocketClientCommand(principal.tenantId, ref, clientId, reason));
    return {
      success: true,
      message: `Closed ${count} connection${count === 1 ? '' : 's'} of client '${clientId}'`,
      connectionsClosedCount: count,
    };
  }
}
