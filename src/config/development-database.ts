import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The project's root: this file is compiled to dist/config/ and tested from src/config/. */
const PROJECT_ROOT = path.resolve(__dirname, '..', '..');
/** Where `npm start` (scripts/start.mjs) writes the URL of the embedded PostgreSQL it runs. */
const DATABASE_URL_FILE = 'database-url';

/** `npm start`'s data directory: DATA_DIR, relative to the project as the launcher reads it. */
export function developmentDataDir(dataDir: string): string {
  return path.resolve(PROJECT_ROOT, dataDir);
}

/**
 * The URL of `npm start`'s embedded PostgreSQL, which the launcher records in the data directory,
 * or undefined before its first start. Lets the CLI work in development without a DATABASE_URL.
 */
export function developmentDatabaseUrl(dataDir: string): string | undefined {
  const file = path.join(developmentDataDir(dataDir), DATABASE_URL_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}
