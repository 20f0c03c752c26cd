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
