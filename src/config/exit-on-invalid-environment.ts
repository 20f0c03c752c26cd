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
