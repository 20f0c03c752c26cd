import type { IncomingMessage } from 'node:http';
import { Logger, Params, PinoLogger } from 'nestjs-pino';
import { destination } from 'pino';
import type { Options } from 'pino-http';
import type { Principal } from '../../auth/principal';
import { EnvironmentVariables } from '../../config/environment-variables';
import { REQUEST_ID_HEADER } from '../request-id.middleware';

type LoggedRequest = IncomingMessage & { user?: Partial<Principal> };

/** Probes and scrapes every few seconds would drown the log; their metrics still count them. */
const QUIET_PATHS = /^\/(health(\/|$)|metrics$)/;

/**
 * JSON logs (pino) for the API and the worker. Inside a request every line carries its
 * `requestId` (the `X-Request-Id` the middleware assigned), and the line closing it adds method,
 * path, status, duration and the API key's id. Never logged: headers (Authorization carries keys
 * and tokens), query strings (a WebSocket URL carries `apiKey`), bodies (webhook secrets).
 */
export function loggerParams(config: EnvironmentVariables): Params {
  const options: Options = {
    level: config.LOG_LEVEL,
    genReqId: (request) => String(request.headers[REQUEST_ID_HEADER]),
    customAttributeKeys: { reqId: 'requestId' },
    quietReqLogger: true,
    serializers: {
      req: (request: { method: string; url: string; remoteAddress?: string }) => ({
        method: request.method,
        path: request.url.split('?')[0],
        remoteAddress: request.remoteAddress,
      }),
      res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
    },
    customLogLevel: (_request, response, error) => (error || response.statusCode >= 500 ? 'error' : 'info'),
    customProps: (request: LoggedRequest) => (request.user?.apiKeyId ? { apiKeyId: request.user.apiKeyId } : {}),
    autoLogging: { ignore: (request) => QUIET_PATHS.test(request.url?.split('?')[0] ?? '') },
  };
  // Synchronous writes: a process stopping on a signal re-raises it after its shutdown hooks, and an
  // asynchronous buffer would lose the last lines (`Shutdown complete`, a fatal error).
  return { pinoHttp: [options, destination({ fd: 1, sync: true })] };
}

/** The same logger for what a process says before Nest starts (migrations) and after. */
export function jsonLogger(config: EnvironmentVariables): Logger {
  const params = loggerParams(config);
  return new Logger(new PinoLogger(params), params);
}
