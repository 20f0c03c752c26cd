import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
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
