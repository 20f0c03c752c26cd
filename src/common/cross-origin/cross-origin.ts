import fastifyCors, { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from '../filters/send-error';
import { ROUTE_METHODS } from '../routes/method-not-allowed.hook';
import type { OriginPolicy } from './origin-policy';

/** Request headers a browser may send the API: credentials, JSON bodies, idempotent appends, tracing. */
const ALLOWED_REQUEST_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key', 'Min-Global-Position', 'X-Request-Id'];

/** Response headers a page may read besides the CORS-safelisted ones: what the client library reads. */
const EXPOSED_RESPONSE_HEADERS = [
  'X-Request-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'Idempotent-Replayed',
  'Allow',
];

/** How long a browser may reuse a preflight's answer: short enough that a changed allow-list soon holds. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** A CORS preflight: the browser asks, with OPTIONS, whether it may send a request from another origin. */
const isPreflight = (request: FastifyRequest) =>
  request.method === 'OPTIONS' && request.headers.origin !== undefined && request.headers['access-control-request-method'] !== undefined;

/**
 * Cross-origin requests from browsers (CORS_ALLOWED_ORIGINS), answered by @fastify/cors in an
 * onRequest hook, so before authentication, the request limit and the body, and with
 * `Access-Control-Allow-Origin` on every answer to an allowed origin, refusals included (a page can
 * then read its 401 or 429). No credentials mode: the API takes bearer tokens, never cookies.
 * A preflight from an allowed origin gets 204 whatever the path (the actual request gets its own
 * answer, a 404 or 405 included); any other preflight gets 403 in the error envelope. Without an
 * allow-list the plugin is not registered and every preflight is refused. Must be called where
 * its hooks are to run among the application's onRequest hooks.
 */
export function allowCrossOrigin(fastify: FastifyInstance, policy: OriginPolicy): void {
  if (policy.enabled) {
    const common: FastifyCorsOptions = {
      // A reflected origin for a list (with `Vary: Origin`), `*` when any is allowed.
      origin: policy.allowsAny ? '*' : true,
      methods: [...ROUTE_METHODS],
      allowedHeaders: ALLOWED_REQUEST_HEADERS,
      exposedHeaders: EXPOSED_RESPONSE_HEADERS,
      maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    };
    const preflight = { ...common, preflight: true };
    // An OPTIONS that is not a preflight is a request like any other (405 with `Allow` on a known path).
    const actual = { ...common, preflight: false };
    const refused = { origin: false };
    void fastify.register(fastifyCors, {
      delegator: (request, answer) => {
        const { origin } = request.headers;
        if (origin === undefined || !policy.allows(origin)) return answer(null, refused);
        answer(null, isPreflight(request) ? preflight : actual);
      },
    });
  }
  // Runs after the plugin's hook, which answers an allowed preflight at once: any preflight still here is refused.
  fastify.addHook('onRequest', async (request, reply) => {
    if (isPreflight(request)) return sendError(request, reply, policy.preflightRefusal(request.headers.origin!));
  });
}
