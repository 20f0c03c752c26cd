import { exitOnInvalidEnvironment, runEntryPoint } from '../config/entry-point';
import { readEnvironment } from '../config/validate-environment';
import { runMigrations } from './run-migrations';

/** `npm run migration:run`: the same locked run that every process does at start. */
runEntryPoint('Migration', () => runMigrations(exitOnInvalidEnvironment(() => readEnvironment())));
