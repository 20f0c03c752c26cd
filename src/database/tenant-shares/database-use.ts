import { AsyncLocalStorage } from 'node:async_hooks';
import { currentRequest } from '../../common/logging/request-context';

/** Appends are served ahead of reads and may take the connections reads leave them (ConnectionShares). */
export type DatabaseWork = 'append' | 'read';

/** Whom a connection is taken for, and for what. */
export interface DatabaseUse {
  /** The tenant whose share the connection counts against; null for work of nobody's (start-up, audits, a key not yet known). */
  tenantId: string | null;
  work: DatabaseWork;
}

const scopes = new AsyncLocalStorage<DatabaseUse>();

/**
 * Runs `work` with every connection it takes counted as `use`: for work that is not a request's
 * (a WebSocket feed, a replay) or that a request hands on (an append batch).
 */
export function withDatabaseUse<T>(use: DatabaseUse, work: () => T): T {
  return scopes.run(use, work);
}

/** The use of the code running now: its scope's, else a read for the tenant of the request it serves. */
export function currentDatabaseUse(): DatabaseUse {
  return scopes.getStore() ?? { tenantId: currentRequest()?.tenantId ?? null, work: 'read' };
}
