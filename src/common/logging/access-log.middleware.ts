import { Logger } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Principal } from '../../auth/principal';
import { REQUEST_ID_HEADER } from '../request-id.middleware';

type LoggedRequest = IncomingMessage & { user?: Partial<Principal> };

/** Probes and scrapes every few seconds would drown the log; their metrics still count them. */
const QUIET_PATHS = /^\/(health(\/|$)|metrics$)/;

const logger = new Logger('Http');

/**
 * One line per request once it ends: method, path (never the query string: a WebSocket URL
 * carries `apiKey`), status, duration, the API key's id and the request id. Never headers or
 * bodies. 5xx answers log as errors.
 */
export function logRequests(request: LoggedRequest, response: ServerResponse, next: () => void): void {
  const path = (request.url ?? '').split('?')[0];
  if (QUIET_PATHS.test(path)) return next();
  const started = performance.now();
  response.once('close', () => {
    const line = {
      requestId: request.headers[REQUEST_ID_HEADER],
      req: { method: request.method, path, remoteAddress: request.socket.remoteAddress },
      res: { statusCode: response.statusCode },
      responseTime: Math.round(performance.now() - started),
      ...(request.user?.apiKeyId && { apiKeyId: request.user.apiKeyId }),
      msg: response.writableFinished ? 'request completed' : 'request aborted',
    };
    if (response.statusCode >= 500) logger.error(line);
    else logger.log(line);
  });
  next();
}
