import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DomainError } from '../errors/domain-error';
import { errorEnvelope } from './all-exceptions.filter';

/**
 * Answers from a hook with an error in the envelope of the path's family, with its headers. For
 * hooks that also run on routes outside Nest (CORS's OPTIONS catch-all, registered by its plugin):
 * an error thrown there would reach Fastify's own error handler, which knows nothing of the envelope.
 */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: DomainError): FastifyReply {
  return reply
    .headers(error.headers())
    .code(error.status)
    .send(errorEnvelope(request.url.split('?')[0], error));
}
