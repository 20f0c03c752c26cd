import { INestApplicationContext, Logger } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import { NotFoundError, ShuttingDownError } from '../../common/errors/common.errors';
import type { DomainError } from '../../common/errors/domain-error';
import { INTERNAL_ERROR } from '../../common/errors/internal-error';
import { errorEnvelope } from '../../common/filters/all-exceptions.filter';
import type { HttpDrain } from '../../common/http-drain';
import { refusedUpgrade, UpgradeRequest } from '../connections/upgrade-session';
import type { UpgradeAuthorizer } from './upgrade-authorizer';

/** Every client frame reaches the gateway as this one message, unparsed: the protocol (DECISIONS §9) is the gateway's to read. */
export const CLIENT_FRAME = 'frame';

type RoutedServer = WebSocketServer & { path: string; pathPattern?: RegExp };
type VerifyDone = (verified: boolean, status?: number, body?: string, headers?: Record<string, string>) => void;

const JSON_HEADERS = { 'Content-Type': 'application/json' };

/** `/event-stores/:eventStoreRef/events/ws` → a regex with named groups (segments never contain `/`). */
function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

const errorBody = (path: string, error: Pick<DomainError, 'code' | 'message' | 'details'>) => JSON.stringify(errorEnvelope(path, error));

/**
 * Nest's `ws` adapter with what the gateway needs on the application's own HTTP server: paths with
 * a `:param` (the store is part of the URL), authorization before the handshake completes (a
 * refused upgrade is a plain HTTP response in the error envelope, and no socket is opened), and
 * client frames handed over unparsed, so that malformed ones get the protocol's error frames
 * instead of being dropped.
 */
export class EventStoreWsAdapter extends WsAdapter {
  private readonly log = new Logger('WebSocket');
  private readonly upgradeListeners = new Map<Server, (request: UpgradeRequest, socket: Duplex, head: Buffer) => void>();

  constructor(
    app: INestApplicationContext,
    private readonly authorizer: UpgradeAuthorizer,
    private readonly drain: HttpDrain,
  ) {
    super(app, { messageParser: (data) => ({ event: CLIENT_FRAME, data: typeof data === 'string' ? data : null }) });
  }

  override create(port: number, options: Record<string, unknown> & { path?: string } = {}): WebSocketServer {
    const verifyClient = ({ req }: { req: UpgradeRequest }, done: VerifyDone) => void this.verify(req, done);
    const server: WebSocketServer = super.create(port, { ...options, verifyClient });
    // The 101 carries the decision's headers too (the request limit's X-RateLimit-*).
    server.on('headers', (lines: string[], request: UpgradeRequest) => {
      for (const [name, value] of Object.entries(request.decision?.headers ?? {})) lines.push(`${name}: ${value}`);
    });
    return server;
  }

  /**
   * An error on a client's socket is the client's doing (a frame over 64 KiB, 1009; invalid UTF-8 or
   * framing; a reset connection), and `ws` has already closed the socket with the matching code:
   * a warning without a stack, so that clients cannot fill the error log. Errors of the server itself
   * stay errors.
   */
  override bindErrorHandler(server: WebSocketServer): WebSocketServer {
    server.on('connection', (socket: WebSocket) =>
      socket.on('error', (error: Error & { code?: string }) =>
        this.log.warn(`Client connection closed on a fault: ${error.message}${error.code ? ` (${error.code})` : ''}`),
      ),
    );
    server.on('error', (error: Error) => this.log.error(`WebSocket server error: ${error.message}`, error.stack));
    return server;
  }

  protected override addWsServerToRegistry<T extends Record<'path', string>>(wsServer: T, port: number, path: string): void {
    super.addWsServerToRegistry(wsServer, port, path);
    const routed = wsServer as unknown as RoutedServer;
    routed.pathPattern = pathPattern(routed.path);
  }

  /** Gateways on a port of their own keep Nest's behaviour; ours share the application's HTTP server and route by pattern. */
  protected override ensureHttpServerExists(port: number, httpServer?: Server): Server | undefined {
    if (!httpServer) return super.ensureHttpServerExists(port);
    if (this.httpServersRegistry.has(port)) return undefined;
    this.httpServersRegistry.set(port, httpServer);
    const listener = (request: UpgradeRequest, socket: Duplex, head: Buffer) => {
      const { pathname } = new URL(request.url ?? '/', 'ws://localhost');
      for (const wsServer of (this.wsServersRegistry.get(port) ?? []) as RoutedServer[]) {
        const match = wsServer.pathPattern?.exec(pathname);
        if (!match) continue;
        request.eventStoreRef = match.groups?.eventStoreRef;
        // Runs `ws`'s handshake checks, then verifyClient (below), then opens the socket.
        return wsServer.handleUpgrade(request, socket, head, (ws) => wsServer.emit('connection', ws, request));
      }
      socket.end(
        `HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Type: application/json\r\n\r\n${errorBody(pathname, new NotFoundError('No such route'))}`,
      );
    };
    httpServer.on('upgrade', listener);
    this.upgradeListeners.set(httpServer, listener);
    return httpServer;
  }

  override async dispose(): Promise<void> {
    for (const [server, listener] of this.upgradeListeners) server.off('upgrade', listener);
    this.upgradeListeners.clear();
    await super.dispose();
  }

  private async verify(request: UpgradeRequest, done: VerifyDone): Promise<void> {
    const path = new URL(request.url ?? '/', 'ws://localhost').pathname;
    try {
      // Refused from the moment the HTTP drain begins: a new socket would only be closed with 1001 moments later.
      const decision = this.drain.draining
        ? refusedUpgrade(new ShuttingDownError())
        : await this.authorizer.authorize(request, request.eventStoreRef ?? '');
      request.decision = decision;
      if (decision.accepted) return done(true);
      const { error } = decision;
      done(false, error.status, errorBody(path, error), { ...JSON_HEADERS, ...decision.headers });
    } catch (error) {
      this.log.error(`Upgrade failed: ${(error as Error).message}`, (error as Error).stack);
      done(false, 500, errorBody(path, { ...INTERNAL_ERROR, details: {} }), JSON_HEADERS);
    }
  }
}
