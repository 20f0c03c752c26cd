import { Injectable, Logger } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { credentialFromQueryOrHeader, soleAuthorization } from '../../auth/strategies/bearer-token';
import { NOBODY } from '../../auth/strategies/credential-check';
import { OriginPolicy } from '../../common/cross-origin/origin-policy';
import { ForbiddenError, MalformedPathError, UnauthorizedError } from '../../common/errors/common.errors';
import { DomainError } from '../../common/errors/domain-error';
import { newId } from '../../common/ids';
import { AppValidationPipe, VALIDATION_OPTIONS } from '../../common/validation/app-validation.pipe';
import { FailOpen } from '../../common/redis/fail-open';
import { EnvironmentVariables } from '../../config/environment-variables';
import { EventStoreResolver } from '../../event-stores/event-store-resolver';
import { RequestRateLimiter } from '../../limits/request-rate-limiter';
import { ApiKeyAuthenticator } from '../../tenants/api-key-authenticator';
import { ConnectionRegistry } from '../connections/connection-registry';
import { refusedUpgrade, UpgradeDecision, UpgradeSession } from '../connections/upgrade-session';
import { WebSocketUpgradeParamsDto } from '../dto/websocket-upgrade-params.dto';
import { ConnectionLimitError } from '../websocket.errors';

const QUERY_PIPE = new AppValidationPipe(VALIDATION_OPTIONS);
const QUERY_METADATA = { type: 'query', metatype: WebSocketUpgradeParamsDto, data: '' } as const;

/**
 * Decides an upgrade before any socket exists (DECISIONS §6): a browser's upgrade from an origin
 * that is neither the service's own nor in CORS_ALLOWED_ORIGINS 403; a missing or bad key 401; then, the
 * key known, the upgrade counts against its request limit (429, DECISIONS §7) like any request;
 * no `read` scope 403, a malformed clientId 400, an unknown store 404, the key's connections at
 * the limit 429. The adapter answers a refusal as a plain HTTP response.
 */
@Injectable()
export class UpgradeAuthorizer {
  private readonly failOpen = new FailOpen(new Logger(UpgradeAuthorizer.name), 'Connection limit not checked');
  private readonly origins: OriginPolicy;

  constructor(
    private readonly config: EnvironmentVariables,
    private readonly authenticator: ApiKeyAuthenticator,
    private readonly rateLimiter: RequestRateLimiter,
    private readonly stores: EventStoreResolver,
    private readonly registry: ConnectionRegistry,
  ) {
    this.origins = new OriginPolicy(config.CORS_ALLOWED_ORIGINS);
  }

  /** `eventStoreRef` as it appears in the path, still percent-encoded. */
  async authorize(request: IncomingMessage, eventStoreRef: string): Promise<UpgradeDecision> {
    const headers: Record<string, string> = {};
    try {
      return { accepted: true, session: await this.decide(request, eventStoreRef, headers), headers };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return refusedUpgrade(error, headers);
    }
  }

  /** The session, or a DomainError; `headers` collects what the answer must carry either way. */
  private async decide(request: IncomingMessage, eventStoreRef: string, headers: Record<string, string>): Promise<UpgradeSession> {
    // A browser on an origin not let in is refused before its key is looked at or counted.
    this.origins.checkUpgrade(request.headers.origin, request.headers.host);
    const query = new URL(request.url ?? '/', 'http://localhost').searchParams;
    const key = credentialFromQueryOrHeader(query.get('apiKey'), soleAuthorization(request));
    const { caller: principal, headers: counted } = await this.rateLimiter.countCaller(key ? this.authenticator.verify(key) : NOBODY);
    if (!principal) throw new UnauthorizedError('Missing, invalid or revoked API key (apiKey query parameter or Authorization header)');
    Object.assign(headers, counted);
    if (!principal.scopes.includes('read')) throw new ForbiddenError('read');

    // The same DTO and pipe as the documented GET of this path: unknown parameters and a malformed clientId are 400.
    const params = (await QUERY_PIPE.transform(Object.fromEntries(query), QUERY_METADATA)) as WebSocketUpgradeParamsDto;
    const clientId = params.clientId ?? newId('cli');
    const eventStoreId = await this.stores.resolveId(principal.tenantId, decodePathSegment(eventStoreRef));

    const connectionId = newId('conn');
    if (!(await this.reserveSlot(principal.apiKeyId, connectionId))) throw new ConnectionLimitError(this.config.WS_MAX_CONNECTIONS_PER_KEY);
    return {
      connectionId,
      clientId,
      principal,
      eventStoreId,
      connectedAt: new Date(),
      ipAddress: request.socket.remoteAddress ?? null,
      userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
    };
  }

  /**
   * Without Redis the limit cannot be counted across instances; the socket is let in (events come
   * from PostgreSQL) and its registry entry is written once Redis is back.
   */
  private async reserveSlot(apiKeyId: string, connectionId: string): Promise<boolean> {
    return (await this.failOpen.call(() => this.registry.reserve(apiKeyId, connectionId, this.config.WS_MAX_CONNECTIONS_PER_KEY))) ?? true;
  }
}

function decodePathSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new MalformedPathError();
  }
}
