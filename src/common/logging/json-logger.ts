import type { LoggerService } from '@nestjs/common';
import cluster from 'node:cluster';
import { hostname } from 'node:os';
import pino, { destination, DestinationStream, Level, Logger as Pino } from 'pino';
import type { MessageFormatFunc } from 'pino-pretty';
import type { EnvironmentVariables } from '../../config/environment-variables';

type NestLevel = 'log' | 'error' | 'warn' | 'debug' | 'verbose' | 'fatal';
const PINO_LEVEL: Record<NestLevel, Level> = {
  log: 'info',
  error: 'error',
  warn: 'warn',
  debug: 'debug',
  verbose: 'trace',
  fatal: 'fatal',
};
/**
 * Nest's start-up lines, one per module, route and gateway message (about ninety), describe the code, not the
 * running service: logged at debug, so that a start says what matters (migrations, the port).
 */
const START_UP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'WebSocketsController']);

/**
 * Nest's logger as JSON lines (pino): `context` names the component. A message given as an object
 * brings its own fields (`{ msg, requestId }` for a line about one request). Disabled levels cost a comparison.
 */
export class JsonLogger implements LoggerService {
  constructor(private readonly pino: Pino) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('log', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('verbose', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  /** Nest passes the context last; an error's stack, when given, comes first. */
  private write(level: NestLevel, message: unknown, params: unknown[]): void {
    const rest = [...params];
    const context = typeof rest.at(-1) === 'string' ? (rest.pop() as string) : undefined;
    const pinoLevel = level === 'log' && context && START_UP_CONTEXTS.has(context) ? 'debug' : PINO_LEVEL[level];
    if (!this.pino.isLevelEnabled(pinoLevel)) return;
    const stack = (level === 'error' || level === 'fatal') && typeof rest[0] === 'string' ? rest[0] : undefined;
    const fields = { context, stack };
    if (message instanceof Error) this.pino[pinoLevel]({ ...fields, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.pino[pinoLevel]({ ...fields, ...message });
    else this.pino[pinoLevel](fields, String(message));
  }
}

const destinations: ReturnType<typeof destination>[] = [];

/**
 * Resolves once the process's loggers have written out what they hold. Awaited last in a graceful
 * shutdown: Nest re-raises the signal after its hooks, which ends the process without an 'exit' event.
 */
export async function flushLogs(): Promise<void> {
  await Promise.all(destinations.map((stdout) => new Promise<void>((resolve) => stdout.flush(() => resolve()))));
}

/**
 * The logger of a process (API, worker), for what it says before Nest starts (migrations) and after.
 * Lines are written asynchronously, those logged while a write is under way going together in the
 * next, so that logging every request does not cost a system call each; flushLogs() and the
 * process's exit write out the rest. LOG_FORMAT=pretty turns each JSON line into a readable one first.
 * Every line carries pino's `pid` and `hostname`; a node:cluster worker of the API (WEB_CONCURRENCY > 1)
 * adds `worker`, its id (1 to WEB_CONCURRENCY, a replacement taking the next), so that its lines read apart.
 */
export function jsonLogger(config: EnvironmentVariables): JsonLogger {
  const stdout = destination({ fd: 1, sync: false });
  destinations.push(stdout);
  process.once('exit', () => stdout.flushSync());
  const base = cluster.isWorker ? { base: { pid: process.pid, hostname: hostname(), worker: cluster.worker!.id } } : {};
  return new JsonLogger(pino({ level: config.LOG_LEVEL, ...base }, config.LOG_FORMAT === 'pretty' ? prettyLines(stdout) : stdout));
}

/** Request lines read as `[Http] GET /event-stores 200 3 ms`, others as `[Context] message`; a cluster worker's lines start with `[worker 2]`. */
const readableMessage: MessageFormatFunc = ({ context, msg, req, res, responseTime, worker }) => {
  const request = req as { method: string; path: string } | undefined;
  const response = res as { statusCode: number } | undefined;
  const message =
    request && response
      ? `${request.method} ${request.path} ${response.statusCode} ${Number(responseTime)} ms`
      : typeof msg === 'string'
        ? msg
        : '';
  const line = typeof context === 'string' ? `[${context}] ${message}` : message;
  return typeof worker === 'number' ? `[worker ${worker}] ${line}` : line;
};

/**
 * pino-pretty's formatter, run in this thread on each line before it is written to the same
 * destination (so flushLogs() still covers it), rather than as a transport in a worker thread. It is
 * a development dependency, loaded only when asked for.
 */
function prettyLines(stdout: DestinationStream): DestinationStream {
  let pretty: typeof import('pino-pretty');
  try {
    // Loaded only when asked for: production installs leave this development dependency out.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    pretty = require('pino-pretty');
  } catch {
    throw new Error('LOG_FORMAT=pretty needs the pino-pretty package (a development dependency); install it or set LOG_FORMAT=json');
  }
  const prettify = pretty.prettyFactory({
    translateTime: 'SYS:HH:MM:ss.l',
    // The request's id and key stay in JSON logs; a terminal shows the request line itself.
    ignore: 'pid,hostname,worker,context,req,res,responseTime,requestId,apiKeyId',
    singleLine: true,
    messageFormat: readableMessage,
  });
  return { write: (line: string) => stdout.write(prettify(line)) };
}
