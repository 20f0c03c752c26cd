import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { MalformedPathError } from '../errors/common.errors';
import { echoRequestId } from '../request-id.hook';
import { errorEnvelope } from './all-exceptions.filter';

/**
 * What Fastify's router refuses before any hook or exception filter runs (its `frameworkErrors`):
 * a path that is not validly percent-encoded is 400 on field `path`; anything else keeps its
 * status. Either way the body is the error envelope of the path's family, and the response carries
 * its request id like any other.
 */
export function answerRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  echoRequestId(request, reply);
  const path = request.url.split('?')[0];
  if (error.code === 'FST_ERR_BAD_URL') {
    const refusal = new MalformedPathError();
    return void reply.code(refusal.status).send(errorEnvelope(path, refusal));
  }
  reply.code(error.statusCode ?? 400).send(errorEnvelope(path, { code: 'VALIDATION_ERROR', message: error.message, details: {} }));
}

/** A body arriving slower than MIN_BODY_BYTES_PER_SECOND (BodyIntake), answered like Node's own request timeout. */
export const SLOW_BODY: NodeJS.ErrnoException = Object.assign(new Error('Request body too slow'), { code: 'ERR_BODY_TOO_SLOW' });

const CLIENT_ERRORS = new Map<string | undefined, [status: number, code: string, message: string]>([
  ['ERR_HTTP_REQUEST_TIMEOUT', [408, 'REQUEST_TIMEOUT', 'The request did not arrive whole within REQUEST_TIMEOUT_MS']],
  ['ERR_BODY_TOO_SLOW', [408, 'REQUEST_TIMEOUT', 'The request body arrived slower than MIN_BODY_BYTES_PER_SECOND']],
  ['HPE_HEADER_OVERFLOW', [431, 'VALIDATION_ERROR', 'The request headers are too large']],
]);

/**
 * What Node's HTTP parser refuses on a connection (its `clientError`): a request not received whole
 * within REQUEST_TIMEOUT_MS or its headers within the headers timeout (408), oversized headers
 * (431), bytes that are not HTTP (400). Answered in the error envelope when nothing of a response
 * has been written yet, then the connection is closed. These are the client's faults, so nothing
 * is logged above debug.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const [status, code, message] = CLIENT_ERRORS.get(error.code) ?? [400, 'VALIDATION_ERROR', 'The request is not valid HTTP'];
    const body = JSON.stringify(errorEnvelope(inFlight?.req?.url?.split('?')[0] ?? '/', { code, message, details: {} }));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
