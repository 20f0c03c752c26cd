import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { MethodNotAllowedError } from '../errors/common.errors';
import { sendError } from '../filters/send-error';

/**
 * The methods a route of the service may take. OPTIONS is not one: it is only ever a CORS
 * preflight, answered before routing matters (src/common/cross-origin), so `Allow` never lists it.
 */
export const ROUTE_METHODS: readonly HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The methods the service's routes take at this URL (query string ignored), in ROUTE_METHODS order; HEAD comes with every GET. */
export function allowedMethods(fastify: FastifyInstance, url: string): HTTPMethods[] {
  return ROUTE_METHODS.filter((method) => fastify.findRoute({ method, url }) !== null);
}

/**
 * An onRequest hook answering a known path asked with a method it does not take: 405
 * `METHOD_NOT_ALLOWED` with `Allow`, in the envelope of the path's family, instead of the 404 the
 * router would give. It runs before authentication and before the body is read, as the 404 does:
 * only requests no route took (and OPTIONS, which CORS's catch-all route takes) pay for the look-up.
 * A body announced with the request is never read, so the connection closes after the answer.
 */
export function answerMethodNotAllowed(fastify: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (!request.is404 && request.method !== 'OPTIONS') return;
    const allowed = allowedMethods(fastify, request.url);
    if (allowed.length === 0 || allowed.includes(request.method)) return;
    if (announcesBody(request)) reply.header('Connection', 'close');
    return sendError(request, reply, new MethodNotAllowedError(request.method, allowed));
  };
}

function announcesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
