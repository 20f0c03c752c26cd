import { INestApplicationContext, Logger } from '@nestjs/common';
import { onPrimaryMessage } from '../cluster/cluster-messages';
import { flushLogs } from '../common/logging/json-logger';
import { InvalidEnvironmentError } from './validate-environment';

/** Entry points stop with one readable line, not a stack trace, when the settings are unusable. */
export function exitOnInvalidEnvironment<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof InvalidEnvironmentError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

/** Runs an entry point; a failure to start (database unreachable, port taken) is one line and exit 1. */
export function runEntryPoint(name: string, start: () => Promise<void>): void {
  start().catch((error: unknown) => {
    console.error(`${name} failed to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}

/**
 * Graceful stop on SIGTERM or SIGINT (DECISIONS §10): every module's shutdown hooks run (the API
 * drains its requests first), then the log's last line, then the logs are flushed and the process
 * exits. Nest's own enableShutdownHooks gives no moment after the last hook, so a line logged from
 * a hook would claim the shutdown complete while the database pool and Redis were still open. A
 * second signal ends the process at once.
 *
 * A node:cluster worker of the API (WEB_CONCURRENCY > 1) also stops when its primary asks, over IPC
 * rather than with a signal: a terminal's Ctrl-C, or a service manager signalling the whole process
 * group, already reaches every worker, and a forwarded signal on top would count as the second one.
 */
export function stopOnSignals(app: INestApplicationContext): void {
  const logger = new Logger('Lifecycle');
  let stopping = false;
  const stop = async (cause: string) => {
    stopping = true;
    logger.log(`Shutting down on ${cause}`);
    let exitCode = 0;
    try {
      await app.close();
    } catch (error) {
      logger.error(`Shutdown failed: ${(error as Error).message}`, (error as Error).stack);
      exitCode = 1;
    }
    logger.log('Shutdown complete');
    await flushLogs();
    process.exit(exitCode);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, (received) => {
      // Whatever the signal: a SIGINT followed by a SIGTERM must not start a second shutdown.
      if (stopping) process.exit(1);
      void stop(received);
    });
  }
  onPrimaryMessage((message) => {
    if (message.type === 'event-store:stop' && !stopping) void stop(`the primary's ${message.signal}`);
  });
}
