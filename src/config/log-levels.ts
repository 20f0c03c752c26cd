import type { LogLevel } from '@nestjs/common';

const ORDER: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
const NEST_LEVEL: Record<string, LogLevel> = { fatal: 'fatal', error: 'error', warn: 'warn', info: 'log', debug: 'debug', trace: 'verbose' };

/** Maps LOG_LEVEL (pino-style names) to the Nest logger levels at or above it. */
export function logLevelsFrom(level: string): LogLevel[] {
  return ORDER.slice(0, ORDER.indexOf(NEST_LEVEL[level] ?? 'log') + 1);
}
