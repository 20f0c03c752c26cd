import { escapeLiteral, type Pool } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { runPooled } from './pooled-statement';

/** A row of a binary COPY: each column's bytes as PostgreSQL sent them, null for NULL. */
export type CopiedRow = (Buffer | null)[];

/**
 * Runs `query` as `COPY (query) TO STDOUT (FORMAT binary)` on a connection of `pool` and returns its
 * rows as bytes. A page of events is about 1.5 MB of JSON that PostgreSQL has already written: read
 * as an ordinary result, node-postgres decodes it into strings, which the reply encodes back into
 * bytes, and the strings, too large for V8's young generation, pile up until a full collection;
 * copied, the bytes go from the database's socket to the client's as they are. COPY takes no
 * parameters: `values` are inlined as literals (sqlLiteral). Text columns arrive in the connection's
 * client encoding (node-postgres sets UTF8). The statement's failure is thrown as TypeORM's QueryFailedError, as
 * any other statement's is, so that a timeout or a lost database is answered as usual.
 */
export async function copyRows(pool: Pool, query: string, values: readonly unknown[]): Promise<CopiedRow[]> {
  const statement = `COPY (${inlineParameters(query, values)}) TO STDOUT (FORMAT binary)`;
  const chunks: Buffer[] = [];
  await runPooled(
    pool,
    statement,
    [],
    (client) =>
      new Promise<void>((resolve, reject) => {
        const stream = client.query(copyTo(statement));
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', resolve);
      }),
  );
  return parseBinaryCopy(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
}

/** The 11-byte signature that opens PostgreSQL's binary COPY format, then 32 bits of flags and a header extension's length. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** The rows of PostgreSQL's binary COPY format (docs: "COPY", "Binary Format"), each field a view of `data`, not a copy. */
export function parseBinaryCopy(data: Buffer): CopiedRow[] {
  if (data.length < 19 || !data.subarray(0, 11).equals(SIGNATURE)) throw new Error('Not PostgreSQL binary COPY data');
  let at = 19 + data.readUInt32BE(15);
  const rows: CopiedRow[] = [];
  for (let fields = data.readInt16BE(at); fields !== -1; fields = data.readInt16BE(at)) {
    at += 2;
    const row: CopiedRow = [];
    for (let i = 0; i < fields; i += 1) {
      const length = data.readInt32BE(at);
      at += 4;
      if (length === -1) {
        row.push(null);
        continue;
      }
      if (at + length > data.length) throw new Error('Truncated PostgreSQL binary COPY data');
      row.push(data.subarray(at, at + length));
      at += length;
    }
    rows.push(row);
  }
  return rows;
}

/** `query` with each `$n` replaced by sqlLiteral(values[n - 1]). */
export function inlineParameters(query: string, values: readonly unknown[]): string {
  return query.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index >= values.length) throw new Error(`No value for $${n}`);
    return sqlLiteral(values[index]);
  });
}

/**
 * A value as a SQL literal, in parentheses so that it binds as a parameter would (`$1::int + 1`):
 * a string as `pg`'s escapeLiteral writes it (libpq's PQescapeLiteral: quotes doubled, and with a
 * backslash an escape string E'…' with backslashes doubled, whatever standard_conforming_strings
 * says), a safe integer as its digits, an array as ARRAY[…] of those (the statement casts it, as it
 * does a parameter). Anything else is refused: only what the reads bind is supported, and nothing is guessed.
 */
export function sqlLiteral(value: unknown): string {
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new Error('A SQL literal cannot hold a NUL character');
    return `(${escapeLiteral(value)})`;
  }
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`Not an integer for a SQL literal: ${value}`);
    return `(${value})`;
  }
  if (Array.isArray(value)) return value.length === 0 ? `('{}')` : `(ARRAY[${value.map(sqlLiteral).join(',')}])`;
  throw new Error(`No SQL literal for a ${typeof value}`);
}
