import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { RequestAuthentication } from './auth/request-authentication';
import { BodyIntake } from './common/body-intake';
import { serveConsole } from './console/serve-console';
import { QueryParameterCheck } from './common/validation/query-parameter-check';
import { answerClientError, answerRouterError } from './common/filters/router-errors';
import { HttpDrain } from './common/http-drain';
import { parseJsonBody } from './common/json-body.parser';
import { sendJsonBody, serializeReply } from './common/json/json-text';
import { logRequest } from './common/logging/access-log.hook';
import { assignRequestId } from './common/request-id.hook';
import { allowCrossOrigin } from './common/cross-origin/cross-origin';
import { OriginPolicy } from './common/cross-origin/origin-policy';
import { answerMethodNotAllowed } from './common/routes/method-not-allowed.hook';
import { setSecurityHeaders } from './common/security-headers.hook';
import { readConsistency } from './database/replicas/read-consistency.hook';
import { EnvironmentVariables } from './config/environment-variables';
import { recordHttpMetrics } from './metrics/http-metrics.hook';
import { Metrics } from './metrics/metrics';
import { createOpenApiDocument } from './openapi/openapi-document';
import { EventStoreWsAdapter } from './websocket-gateway/upgrade/event-store-ws.adapter';
import { UpgradeAuthorizer } from './websocket-gateway/upgrade/upgrade-authorizer';

/** Path parameters may be long: a stream id is up to 255 characters, percent-encoded up to 12 bytes each. */
const MAX_PATH_PARAMETER_LENGTH = 4096;
/** Headers arrive in one go from any real client; a connection dribbling them is cut off after this. */
const HEADERS_TIMEOUT_MS = 10_000;
/**
 * Idle kept-alive connections close after this: longer than the 60 s idle timeout of common load
 * balancers, so that they, not we, close a connection and never send a request into a closing one.
 */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** How often Node checks connections against the request and header timeouts (its default is 30 s, too coarse for them). */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

/**
 * The API's HTTP server: Fastify, whose request path costs a fraction of Express's (measured in
 * docs/decisions.md). Routes match as Express matched them (any case, a trailing slash ignored),
 * bodies are refused beyond MAX_BODY_BYTES (413), a request must arrive whole within
 * REQUEST_TIMEOUT_MS (408), and what the router or the HTTP parser refuses is answered in the
 * error envelope too.
 */
export function httpAdapter(config: EnvironmentVariables): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: config.MAX_BODY_BYTES,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // Node arms its request deadline from the options the server is created with (a requestTimeout
    // set afterwards, as Fastify's own option is, is not enforced until the headers timeout), and
    // refuses a headers timeout longer than the request timeout.
    http: {
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS),
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAMETER_LENGTH },
    frameworkErrors: answerRouterError,
    clientErrorHandler: answerClientError,
  });
}

/**
 * Everything main.ts does to an application besides listening, so the e2e tests run the very same
 * set-up: the WebSocket adapter (which authorizes upgrades), the request hooks (request ids,
 * shutdown drain, authentication and unknown query parameters before the body is read, the bound
 * on bodies in flight, access log, HTTP metrics), the JSON body parser, the web console and Swagger. The app must be created with httpAdapter()
 * and `bodyParser: false`, so that the parser registered here is the only one, and before init().
 */
export function configureApp(app: NestFastifyApplication): NestFastifyApplication {
  app.useWebSocketAdapter(new EventStoreWsAdapter(app, app.get(UpgradeAuthorizer), app.get(HttpDrain)));
  const authentication = app.get(RequestAuthentication);
  authentication.declareRoutes();
  const queryCheck = app.get(QueryParameterCheck);
  queryCheck.declareRoutes();
  const fastify = app.getHttpAdapter().getInstance();
  fastify.decorateRequest('user', null);
  fastify.addHook('onRequest', assignRequestId);
  fastify.addHook('onRequest', setSecurityHeaders);
  allowCrossOrigin(fastify, new OriginPolicy(app.get(EnvironmentVariables).CORS_ALLOWED_ORIGINS));
  fastify.addHook('onRequest', app.get(HttpDrain).track);
  fastify.addHook('onRequest', answerMethodNotAllowed(fastify));
  fastify.addHook('onRequest', authentication.onRequest);
  fastify.addHook('onRequest', queryCheck.onRequest);
  fastify.addHook('onRequest', readConsistency);
  const bodyIntake = app.get(BodyIntake);
  fastify.addHook('preParsing', bodyIntake.preParsing);
  fastify.addHook('preValidation', bodyIntake.bodyReceived);
  fastify.addHook('onResponse', logRequest);
  fastify.addHook('onResponse', recordHttpMetrics(app.get(Metrics)));
  // Fastify sends a serialiser's stream as a stream (reply.js pipes whatever has pipe()), though its type says string.
  fastify.setReplySerializer(serializeReply as (payload: unknown) => string);
  fastify.addHook('onSend', sendJsonBody);
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, parseJsonBody);
  serveConsole(fastify);

  SwaggerModule.setup('docs', app, createOpenApiDocument(app), { jsonDocumentUrl: 'docs-json' });
  return app;
}
