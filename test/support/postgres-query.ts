import { Socket } from 'node:net';
import { Client } from 'pg';

export interface QueryOptions {
  /** The database to run in; the node's own unless told. */
  database?: string;
  /** Bound on connecting and on the statement; 30 s unless told (a loaded machine, not a hung server). */
  timeoutMs?: number;
}

/**
 * Runs one statement (several, separated by `;`, when there are no parameters) on a connection of its
 * own. The harness owns the socket, so a server that stops answering (frozen, killed) cannot keep the
 * connection, or the test, waiting: it is destroyed when the statement fails or times out.
 */
export async function queryPostgres<T>(url: string, sql: string, params: unknown[], { timeoutMs = 30_000 }: QueryOptions): Promise<T[]> {
  const socket = new Socket();
  const client = new Client({ connectionString: url, stream: () => socket, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  // A server that dies under an idle client makes it emit 'error'; the failing call reports it instead.
  client.on('error', () => undefined);
  try {
    await client.connect();
    const result = params.length > 0 ? await client.query(sql, params) : await client.query(sql);
    await client.end();
    return (Array.isArray(result) ? result.at(-1) : result).rows as T[];
  } finally {
    socket.destroy();
  }
}
