import { QueryFailedError } from 'typeorm';
import { NoDatabaseHostError } from './connection/database-hosts';

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

/**
 * SQLSTATEs of a database that cannot serve the statement now, whatever the statement: its
 * connection failed (class 08), it was shut down or is starting (57P01–57P03), it is read-only (an
 * old primary, 25006), or it has no connection left (53300).
 */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123]|25006|53300)$/;
/** What node-postgres says when a connection breaks under a query, and the socket errors behind it. */
const LOST_CONNECTION_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Query read timeout)/;
const LOST_SOCKET_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND']);

/**
 * True when a statement failed because the database could not serve it (gone, failing over,
 * read-only), not because of the statement: the request may be retried as it is, and one whose
 * connection broke mid-append may have committed, so an append is retried with its Idempotency-Key.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const cause = error instanceof QueryFailedError ? (error.driverError as unknown) : error;
  if (cause instanceof NoDatabaseHostError) return true;
  if (!(cause instanceof Error)) return false;
  const code = (cause as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.test(code) || LOST_SOCKET_CODES.has(code))) return true;
  return LOST_CONNECTION_MESSAGES.test(cause.message);
}
