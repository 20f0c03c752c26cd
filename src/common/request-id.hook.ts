import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';
const ACCEPTABLE_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Gives every request an id (the caller's `X-Request-Id` when it is sane) and echoes it; the access
 * line, the lines the exception filter logs about the request and a 500's body carry it. An
 * onRequest hook: it runs before the body is read, so parse failures carry it too.
 */
export function assignRequestId(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  echoRequestId(request, reply);
  done();
}

/** The request's id, settled and echoed; also for what the router answers before any hook runs. */
export function echoRequestId(request: FastifyRequest, reply: FastifyReply): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  const id = typeof incoming === 'string' && ACCEPTABLE_ID.test(incoming) ? incoming : randomUUID();
  request.headers[REQUEST_ID_HEADER] = id;
  reply.header('X-Request-Id', id);
  return id;
}
