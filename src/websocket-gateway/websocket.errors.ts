import { NotFoundError } from '../common/errors/common.errors';
import { DomainError } from '../common/errors/domain-error';

/** DECISIONS §7: concurrent WebSockets per API key, counted across instances; the upgrade gets 429. */
export class ConnectionLimitError extends DomainError {
  readonly code = 'RATE_LIMITED';
  readonly status = 429;

  constructor(limit: number) {
    super(`This API key already holds ${limit} open WebSocket connections (WS_MAX_CONNECTIONS_PER_KEY)`, { limit });
  }
}

/** Listings and closes need the registry; without Redis they cannot say which sockets are open. */
export class RegistryUnavailableError extends DomainError {
  readonly code = 'SERVICE_UNAVAILABLE';
  readonly status = 503;

  constructor() {
    super('The WebSocket connection registry (Redis) is unavailable; try again');
  }
}

/** A plain HTTP request to the gateway's path. */
export class UpgradeRequiredError extends DomainError {
  readonly code = 'UPGRADE_REQUIRED';
  readonly status = 426;

  constructor() {
    super('This path serves WebSocket connections only: send a WebSocket upgrade request (ws:// or wss://)');
  }
}

export class WebSocketClientNotFoundError extends NotFoundError {
  constructor(eventStoreId: string, clientId: string) {
    super(`No open WebSocket connection of client '${clientId}' on this store`, { eventStoreId, clientId });
  }
}
