import { DomainError } from '../../common/errors/domain-error';

/**
 * No connection came free for the request within DATABASE_MAX_WAIT_MS: its tenant's share was in
 * use all that time, or the whole pool was. Nothing was done; the client retries.
 */
export class DatabaseBusyError extends DomainError {
  readonly code = 'SERVICE_UNAVAILABLE';
  readonly status = 503;

  constructor(maxWaitMs: number) {
    super(`No database connection came free within ${maxWaitMs} ms; retry shortly`, { limit: 'databaseConnections' });
  }

  override headers(): Record<string, string> {
    return { 'Retry-After': '1' };
  }
}

/**
 * PostgreSQL cancelled a statement after DATABASE_STATEMENT_TIMEOUT_MS. For a read: narrow it (a
 * smaller `limit`, a more selective query) or retry later; nothing was written either way.
 */
export class StatementTimeoutError extends DomainError {
  readonly code = 'QUERY_TIMEOUT';
  readonly status = 503;

  constructor(statementTimeoutMs: number) {
    super(`The database spent more than ${statementTimeoutMs} ms on this request and cancelled it; narrow the request or retry later`, {
      limit: 'statementTimeout',
      statementTimeoutMs,
    });
  }

  override headers(): Record<string, string> {
    return { 'Retry-After': '1' };
  }
}
