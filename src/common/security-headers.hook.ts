import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * Headers every response carries: no content sniffing (a JSON body is never run as a script or
 * page), and no framing, for the API explorer at /docs and anything else a browser might render
 * (clickjacking). A route may set a fuller Content-Security-Policy of its own (the console does).
 * Set by hand rather than with helmet: helmet's defaults (Cross-Origin-Resource-Policy: same-origin,
 * a script policy) would break cross-origin API calls and the explorer, leaving these three.
 */
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
};

/** An onRequest hook, so refusals (401, 404, 413) carry the headers too. */
export function setSecurityHeaders(_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  reply.headers(SECURITY_HEADERS);
  done();
}
