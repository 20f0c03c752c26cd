import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Server, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { EnvironmentVariables } from '../config/environment-variables';
import { ShuttingDownError } from './errors/common.errors';

const END_ON_DRAIN = Symbol('endOnDrain');
type LongLivedResponse = ServerResponse & { [END_ON_DRAIN]?: () => void };

/**
 * Marks a response that never finishes by itself (an event stream): when the drain starts, `end` is
 * called to finish it cleanly, rather than the drain waiting SHUTDOWN_DRAIN_MS for it.
 */
export function endOnDrain(response: ServerResponse, end: () => void): void {
  (response as LongLivedResponse)[END_ON_DRAIN] = end;
}

/**
 * The API's part of graceful shutdown (DECISIONS §10). On SIGTERM it stops accepting connections,
 * lets the requests in flight finish (their appends commit and are answered) for at most
 * SHUTDOWN_DRAIN_MS, then closes what is left. It runs in onModuleDestroy of the root module, so
 * before any other module lets go of its database pool or event bus. Node's server.close() alone
 * would keep serving new requests on kept-alive connections, so responses from then on say
 * `Connection: close`, and a request that still arrives on one gets 503 to retry elsewhere; so does
 * a WebSocket upgrade (EventStoreWsAdapter asks `draining`).
 */
@Injectable()
export class HttpDrain implements OnModuleDestroy {
  private readonly logger = new Logger('Shutdown');
  private readonly inFlight = new Set<ServerResponse>();
  private isDraining = false;
  private drained?: () => void;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: EnvironmentVariables,
  ) {}

  get draining(): boolean {
    return this.isDraining;
  }

  /** An onRequest hook (after the request id's, so that a 503 carries one too): it sees every request. */
  readonly track = (_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    if (this.isDraining) return done(new ShuttingDownError());
    const response = reply.raw;
    this.inFlight.add(response);
    response.once('close', () => {
      this.inFlight.delete(response);
      if (this.inFlight.size === 0) this.drained?.();
    });
    done();
  };

  async onModuleDestroy(): Promise<void> {
    const server: Server | undefined = this.adapterHost.httpAdapter?.getHttpServer();
    if (!server?.listening) return;
    this.isDraining = true;
    // Stops accepting. Its callback is not awaited: it waits for every socket, upgraded WebSockets
    // included, which the gateway closes after this (beforeApplicationShutdown) and Nest's dispose ends.
    server.close();
    for (const response of this.inFlight) if (!response.headersSent) response.setHeader('Connection', 'close');
    for (const response of this.inFlight) (response as LongLivedResponse)[END_ON_DRAIN]?.();
    server.closeIdleConnections();
    const pending = this.inFlight.size;
    if (pending > 0) {
      this.logger.log(`Waiting up to ${this.config.SHUTDOWN_DRAIN_MS} ms for ${pending} request(s) in flight`);
      const allDone = new Promise<boolean>((resolve) => (this.drained = () => resolve(true)));
      const finished = await Promise.race([allDone, sleep(this.config.SHUTDOWN_DRAIN_MS, false, { ref: false })]);
      if (!finished)
        this.logger.warn(
          `${this.inFlight.size} request(s) still running after ${this.config.SHUTDOWN_DRAIN_MS} ms; closing their connections`,
        );
    }
    server.closeAllConnections();
  }
}
