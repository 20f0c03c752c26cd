import { QueryFailedError } from 'typeorm';

const UNIQUE_VIOLATION = '23505';

/** A shard of a table distributed by Citus names its constraints `<constraint>_<shard id>`. */
const SHARD_SUFFIX = /_\d+$/;
/** Where PostgreSQL's message names the constraint: Citus relays a shard's error without the constraint field. */
const CONSTRAINT_IN_MESSAGE = /unique constraint "([^"]+)"/;

/**
 * True when Postgres refused a write because of that unique constraint, whether the table's own or,
 * on Citus, one shard's copy of it (`tenants_name_uq_102008`), named only in the message there.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; constraint?: string; message?: string };
  if (driverError.code !== UNIQUE_VIOLATION) return false;
  const violated = driverError.constraint ?? CONSTRAINT_IN_MESSAGE.exec(driverError.message ?? '')?.[1];
  return violated !== undefined && (violated === constraint || violated.replace(SHARD_SUFFIX, '') === constraint);
}

const FOREIGN_KEY_VIOLATION = '23503';

/** True when Postgres refused a write because a row it references does not exist. */
export function isForeignKeyViolation(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string }).code === FOREIGN_KEY_VIOLATION;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * True when PostgreSQL itself answered the statement with an error (it carries a SQLSTATE): the
 * statement, run in its own transaction, then wrote nothing. A failure without one (a lost
 * connection, a timeout on our side) may have come after the commit.
 */
export function isRefusedByServer(error: unknown): boolean {
  return error instanceof QueryFailedError && SQLSTATE.test(String((error.driverError as { code?: unknown }).code));
}

const QUERY_CANCELED = '57014';

/** True when PostgreSQL cancelled the statement: it ran past `statement_timeout` (or an operator cancelled it). It wrote nothing. */
export function isStatementTimeout(error: unknown): boolean {
  return error instanceof QueryFailedError && (error.driverError as { code?: string }).code === QUERY_CANCELED;
}
