import { Pool } from 'pg';
import { copyRows, inlineParameters, parseBinaryCopy, sqlLiteral } from '../../src/database/binary-copy';
import { isStatementTimeout } from '../../src/database/postgres-errors';
import { cloneTestDatabase, TestDatabase } from '../support/test-database';

// Strings that would end a literal, escape out of one, or change meaning with standard_conforming_strings.
const HOSTILE = [
  "'",
  "''",
  '\\',
  "\\'",
  "\\'); DROP TABLE events; --",
  "x' OR '1'='1",
  "E'\\x41'",
  '$1 $2 $$ $tag$',
  'line\nbreak\ttab\rreturn',
  'ünïcödé ✓ 😀',
  '',
];

describe('Pages as bytes: COPY with inlined values', () => {
  let database: TestDatabase;
  let pool: Pool;
  let offStandard: Pool;
  let impatient: Pool;

  beforeAll(async () => {
    database = await cloneTestDatabase();
    pool = new Pool({ connectionString: database.url, max: 2 });
    // The escape string form must hold whatever the server's setting: try the old one too.
    offStandard = new Pool({ connectionString: database.url, max: 1, options: '-c standard_conforming_strings=off' });
    impatient = new Pool({ connectionString: database.url, max: 1, statement_timeout: 100 });
  });

  afterAll(async () => {
    await pool.end();
    await offStandard.end();
    await impatient.end();
    await database.drop();
  });

  it.each([
    ['standard_conforming_strings on', () => pool],
    ['standard_conforming_strings off', () => offStandard],
  ])('gives back every string as the bytes it was (%s)', async (_, target) => {
    for (const text of HOSTILE) {
      const [[value, length]] = await copyRows(target(), 'SELECT $1::text, length($1)::text', [text]);
      expect(value?.toString()).toBe(text);
      expect(Number(length?.toString())).toBe([...text].length);
    }
    const [[json]] = await copyRows(target(), 'SELECT array_to_json($1::text[])::text', [HOSTILE]);
    expect(JSON.parse(json!.toString())).toEqual(HOSTILE);
    // Still there: no statement of the list was run.
    const [[events]] = await copyRows(target(), `SELECT count(*)::text FROM events`, []);
    expect(events?.toString()).toBe('0');
  });

  it('binds integers, empty arrays and NULLs as parameters would', async () => {
    const [row] = await copyRows(
      pool,
      'SELECT ($1::int + 1)::text, (-$2::bigint)::text, cardinality($3::bigint[])::text, NULL::text, $4::bigint[]::text',
      [41, -7, [], ['9007199254740991', '1']],
    );
    expect(row.map((field) => field?.toString() ?? null)).toEqual(['42', '7', '0', null, '{9007199254740991,1}']);
  });

  it('refuses what it cannot write as a literal, and a statement that names a value it was not given', () => {
    expect(() => sqlLiteral(1.5)).toThrow('Not an integer');
    expect(() => sqlLiteral(Number.MAX_SAFE_INTEGER + 1)).toThrow('Not an integer');
    expect(() => sqlLiteral('a\0b')).toThrow('NUL');
    expect(() => sqlLiteral(true)).toThrow('No SQL literal');
    expect(() => sqlLiteral({})).toThrow('No SQL literal');
    expect(() => inlineParameters('SELECT $1, $2', ['a'])).toThrow('No value for $2');
    expect(
      inlineParameters(
        'SELECT $1, $10',
        Array.from({ length: 10 }, (_, i) => i + 1),
      ),
    ).toBe('SELECT (1), (10)');
  });

  it('returns rows larger than a socket read whole, in order', async () => {
    const rows = await copyRows(pool, `SELECT n::text, repeat(chr(65 + n), 700000) FROM generate_series(0, 4) n ORDER BY n`, []);
    expect(rows.map(([n, text]) => [n?.toString(), text?.length, text?.[0], text?.[699_999]])).toEqual(
      [0, 1, 2, 3, 4].map((n) => [String(n), 700_000, 65 + n, 65 + n]),
    );
  });

  it('throws a failed statement as a query failure and leaves the pool serving', async () => {
    const failure = await copyRows(pool, 'SELECT (1 / ($1::int - 1))::text', [1]).catch((error: unknown) => error);
    expect((failure as { driverError?: { code?: string } }).driverError?.code).toBe('22012');
    const timedOut = await copyRows(impatient, 'SELECT pg_sleep(5)::text', []).catch((error: unknown) => error);
    expect(isStatementTimeout(timedOut)).toBe(true);
    expect((await copyRows(impatient, 'SELECT $1::text', ['after']))[0][0]?.toString()).toBe('after');
    for (let i = 0; i < 3; i += 1) expect((await copyRows(pool, 'SELECT $1::text', ['after']))[0][0]?.toString()).toBe('after');
  });

  it('refuses data that is not a binary COPY, or is cut short', () => {
    expect(() => parseBinaryCopy(Buffer.from('id\tname\n1\tx\n'))).toThrow('Not PostgreSQL binary COPY data');
    const header = Buffer.from('PGCOPY\n\xff\r\n\0\0\0\0\0\0\0\0\0', 'latin1');
    const truncated = Buffer.concat([header, Buffer.from([0, 1, 0, 0, 0, 10]), Buffer.from('abc')]);
    expect(() => parseBinaryCopy(truncated)).toThrow('Truncated');
  });
});
