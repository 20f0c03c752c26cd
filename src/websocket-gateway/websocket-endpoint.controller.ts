import { Controller, Get, Header, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/decorators/auth.decorators';
import { ApiErrorResponses } from '../common/decorators/api-error-responses.decorator';
import { EVENT_STORE_REF_PARAM } from '../event-stores/event-store-ref.param';
import { WebSocketUpgradeParamsDto } from './dto/websocket-upgrade-params.dto';
import { UpgradeRequiredError } from './websocket.errors';

const PROTOCOL = `Open with a WebSocket client: \`ws://<host>/event-stores/{eventStoreId}/events/ws?apiKey=<key>&clientId=<optional>\`
(the key may be sent as \`Authorization: Bearer <key>\` instead; it needs the \`read\` scope). A refused upgrade is an ordinary
HTTP response in the error envelope and no socket opens.

Client messages (JSON text frames):
- \`{"action":"subscribe","eventFilter":"order.*","position":"latest"}\` → \`{"type":"subscribed","subscriptionId","eventFilter","position"}\`.
  \`eventFilter\`: \`*\` (default), \`prefix.*\`, \`*.suffix\` or an exact type. \`position\`: \`latest\` (default, events appended from now on),
  \`beginning\`, or N (events after global position N). The replay switches to live events with no gap and no duplicate.
  An API key runs at most WS_MAX_REPLAYS_PER_KEY replays (from \`beginning\` or N) at once on an instance: a further one is
  acknowledged and waits its turn, then replays in full.
- \`{"action":"unsubscribe","subscriptionId":"wss_…"}\` → \`{"type":"unsubscribed","subscriptionId"}\`.
- \`{"action":"ping"}\` → \`{"type":"pong"}\`.

Server messages: \`{"type":"event","subscriptionId","event":{streamId,streamPosition,globalPosition,eventId,type,data,createdAt}}\`, in
global-position order per subscription; \`{"type":"error","error":{code,message}}\` with code INVALID_MESSAGE, UNKNOWN_ACTION,
INVALID_FILTER, INVALID_POSITION, SUBSCRIPTION_NOT_FOUND or SUBSCRIPTION_LIMIT (over WS_MAX_SUBSCRIPTIONS_PER_CONNECTION, default
100); the socket stays open. Client frames are at most 64 KiB (larger: close 1009).

Close codes: 1000 closed by an administrator (with the reason) or store deleted; 1001 server shutting down; 1008 API key revoked,
or a slow consumer: more than WS_MAX_BUFFERED_BYTES of frames waiting behind the one being written (so one event of any
size an append takes reaches a client that reads). The server pings every WS_PING_INTERVAL_MS and drops a peer that
missed a ping.`;

/**
 * Documents the WebSocket endpoint in the API explorer, and answers a plain HTTP GET of its path
 * (upgrades never reach here: the WebSocket adapter takes them first) with 426.
 */
@ApiTags('WebSocket')
@Controller('event-stores/:eventStoreId/events/ws')
export class WebSocketEndpointController {
  @Get()
  @Public()
  @Header('Upgrade', 'websocket')
  @ApiOperation({
    operationId: 'openWebSocket',
    summary: 'Open a WebSocket for live events of the store (replay, then live)',
    description: PROTOCOL,
  })
  @ApiParam(EVENT_STORE_REF_PARAM)
  @ApiResponse({ status: 101, description: 'Switching Protocols: the socket is open' })
  @ApiErrorResponses([400, 401, 403, 404, 426, 429, 503], {
    400: 'VALIDATION_ERROR: a malformed clientId',
    403:
      "FORBIDDEN: the key lacks `read`, or a browser's upgrade comes from an origin that is neither the service's own " +
      'nor in CORS_ALLOWED_ORIGINS (checked before the key)',
    429: 'RATE_LIMITED: the key already holds WS_MAX_CONNECTIONS_PER_KEY connections (on any instance)',
  })
  // The query is validated like every endpoint's (unknown parameters refused) before the 426.
  refusePlainRequest(@Query() _query: WebSocketUpgradeParamsDto): never {
    throw new UpgradeRequiredError();
  }
}
