import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, RequestPayload } from 'fastify';
import { EnvironmentVariables } from '../config/environment-variables';
import { BodiesBusyError, NoSuchRouteError } from './errors/common.errors';

/**
 * Bounds the memory held by request bodies on their way in, across all requests of the process (a
 * preParsing hook: it runs after authentication, when Fastify is about to read the body). A body
 * reserves its declared `Content-Length` (a chunked one, which declares nothing, reserves the
 * largest body allowed) until its response is done; a body that would take the total past
 * MAX_PENDING_BODY_BYTES is refused with 503 before a byte of it is read. Bodies larger than
 * MAX_BODY_BYTES never get here reserved: Fastify refuses them (413) from their Content-Length.
 * The time a body may take is Node's `requestTimeout` (REQUEST_TIMEOUT_MS, see httpAdapter).
 */
@Injectable()
export class BodyIntake {
  private pendingBytes = 0;

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
    this.pendingBytes += bytes;
    reply.raw.once('close', () => (this.pendingBytes -= bytes));
    done(null, payload);
  };

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
