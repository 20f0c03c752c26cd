import { readEnvironment } from '../config/validate-environment';
import { runMigrations } from './run-migrations';

/** `npm run migration:run`: the same locked run that every process does at start. */
runMigrations(readEnvironment().DATABASE_URL).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
