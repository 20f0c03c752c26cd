import { Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { REQUEST_ID_HEADER } from '../request-id.hook';

/** Probes and scrapes every few seconds would drown the log; their metrics still count them. */
const QUIET_PATHS = /^\/(health(\/|$)|metrics$)/;

const logger = new Logger('Http');

/**
 * One line per answered request (an onResponse hook): method, path (never the query string: a
 * WebSocket URL carries `apiKey`), status, duration, the API key's id and the request id. Never
 * headers or bodies. 5xx answers log as errors, except 503: that one is deliberate (busy, draining, a
 * dependency down) and logs as a warning, so that a flood of them cannot fill the error log.
 */
export function logRequest(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const path = request.url.split('?')[0];
  if (!QUIET_PATHS.test(path)) {
    const line = {
      requestId: request.headers[REQUEST_ID_HEADER],
      req: { method: request.method, path, remoteAddress: request.ip },
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(reply.elapsedTime),
      ...(request.user && 'apiKeyId' in request.user && { apiKeyId: request.user.apiKeyId }),
      msg: 'request completed',
    };
    if (reply.statusCode === 503) logger.warn(line);
    else if (reply.statusCode >= 500) logger.error(line);
    else logger.log(line);
  }
  done();
}
