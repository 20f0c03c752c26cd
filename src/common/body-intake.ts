import { Injectable, OnModuleDestroy } from '@nestjs/common';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, RequestPayload } from 'fastify';
import type { Socket } from 'node:net';
import type { Caller } from '../auth/strategies/credential-check';
import { EnvironmentVariables } from '../config/environment-variables';
import { BodiesBusyError, BodyShareExceededError, NoSuchRouteError } from './errors/common.errors';
import { answerClientError, SLOW_BODY } from './filters/router-errors';

/** A body being received: how much it declared, and what its connection had read when it began. */
interface Arrival {
  socket: Socket;
  expectedBytes: number;
  bytesReadAtStart: number;
  startedAt: number;
}

/** How often bodies on their way in are checked against MIN_BODY_BYTES_PER_SECOND. */
const RATE_CHECK_INTERVAL_MS = 1000;
/** A body's first second is free of the rate: connections start slowly (TCP slow start, a far client). */
const RATE_GRACE_MS = 1000;

/** Whose share of the bodies in flight a request's body takes. */
const shareOf = (caller: Caller | null): string => (caller === null ? '' : 'operator' in caller ? 'operator' : caller.tenantId);

/**
 * Bounds the memory held by request bodies on their way in, and shares it among tenants (a
 * preParsing hook: it runs after authentication, when Fastify is about to read the body). A body
 * reserves its declared `Content-Length` (a chunked one, which declares nothing, reserves the
 * largest body allowed) until its response is done. Before a byte of it is read, a body is refused
 * when it would take its tenant past MAX_PENDING_BODY_BYTES_PER_TENANT (429: the tenant is at its
 * own limit) or all bodies past MAX_PENDING_BODY_BYTES (503: the instance is busy). Bodies larger
 * than MAX_BODY_BYTES never get here reserved: Fastify refuses them (413) from their Content-Length.
 *
 * A reservation is only worth its bytes if they come: a body must keep arriving at
 * MIN_BODY_BYTES_PER_SECOND on average after its first second, or it is cut off with 408 and its
 * reservation freed, so that one dribbled a byte a second cannot hold a tenant's share (or, over
 * many tenants, the instance's) for all of REQUEST_TIMEOUT_MS. The rate is read off the connection's
 * byte count, so the check costs nothing per chunk.
 */
@Injectable()
export class BodyIntake implements OnModuleDestroy {
  private pendingBytes = 0;
  private readonly tenantBytes = new Map<string, number>();
  private readonly arriving = new Map<FastifyRequest, Arrival>();
  private rateCheck?: NodeJS.Timeout;

  constructor(private readonly config: EnvironmentVariables) {}

  /** Bytes reserved by bodies being received or handled now. */
  get reservedBytes(): number {
    return this.pendingBytes;
  }

  readonly preParsing = (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: RequestPayload,
    done: HookHandlerDoneFunction & ((error: Error | null, payload?: RequestPayload) => void),
  ): void => {
    const bytes = this.reservationFor(request);
    // Its client left while the headers were being judged: the response's 'close' has fired already,
    // so a reservation made now would never be given back.
    if (bytes === 0 || reply.raw.closed || reply.raw.destroyed) return done(null, payload);
    // No route takes it (so nothing authenticated it): answered 404 before a byte of its body is read.
    if (request.is404) {
      reply.header('Connection', 'close');
      return done(new NoSuchRouteError());
    }
    if (this.pendingBytes + bytes > this.config.MAX_PENDING_BODY_BYTES) {
      reply.header('Connection', 'close');
      return done(new BodiesBusyError());
    }
    const share = shareOf(request.user);
    if ((this.tenantBytes.get(share) ?? 0) + bytes > this.config.MAX_PENDING_BODY_BYTES_PER_TENANT) {
      reply.header('Connection', 'close');
      return done(new BodyShareExceededError(this.config.MAX_PENDING_BODY_BYTES_PER_TENANT));
    }
    this.reserve(share, bytes);
    this.watchArrival(request, bytes);
    reply.raw.once('close', () => {
      this.arriving.delete(request);
      this.reserve(share, -bytes);
    });
    done(null, payload);
  };

  /** A preValidation hook: the body is in, so its rate no longer matters (its reservation lasts until the response). */
  readonly bodyReceived = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    this.arriving.delete(request);
    done();
  };

  onModuleDestroy(): void {
    clearInterval(this.rateCheck);
  }

  private reserve(share: string, bytes: number): void {
    this.pendingBytes += bytes;
    const held = (this.tenantBytes.get(share) ?? 0) + bytes;
    if (held === 0) this.tenantBytes.delete(share);
    else this.tenantBytes.set(share, held);
  }

  private watchArrival(request: FastifyRequest, expectedBytes: number): void {
    const socket = request.raw.socket;
    this.arriving.set(request, { socket, expectedBytes, bytesReadAtStart: socket.bytesRead, startedAt: performance.now() });
    this.rateCheck ??= setInterval(() => this.cutOffSlowBodies(), RATE_CHECK_INTERVAL_MS).unref();
  }

  private cutOffSlowBodies(): void {
    const now = performance.now();
    for (const [request, arrival] of this.arriving) {
      const due = (this.config.MIN_BODY_BYTES_PER_SECOND * (now - arrival.startedAt - RATE_GRACE_MS)) / 1000;
      if (arrival.socket.bytesRead - arrival.bytesReadAtStart >= Math.min(arrival.expectedBytes, due)) continue;
      this.arriving.delete(request);
      answerClientError(SLOW_BODY, arrival.socket);
    }
    if (this.arriving.size === 0) {
      clearInterval(this.rateCheck);
      this.rateCheck = undefined;
    }
  }

  private reservationFor(request: FastifyRequest): number {
    const declared = request.headers['content-length'];
    if (declared !== undefined) {
      const length = Number(declared);
      // Past the body limit Fastify answers 413 without reading; nothing to reserve.
      return length <= this.config.MAX_BODY_BYTES ? length : 0;
    }
    return request.headers['transfer-encoding'] !== undefined ? this.config.MAX_BODY_BYTES : 0;
  }
}
