import { Client } from 'pg';
import { APPENDS_CHANNEL, DCB_STREAM_ID, MAX_CONFLICTING_POSITIONS, STREAM_TYPE_PATTERN } from '../../src/event-log/event-log.constants';
import { EVENT_LOG_FUNCTIONS, EVENT_LOG_TYPES } from '../../src/event-log/sql';
import { cloneTestDatabase, TestDatabase } from '../support/test-database';

/**
 * The canonical files under src/event-log/sql/ are what a migrated database runs: each function is
 * installed again from its file in a scratch schema, and PostgreSQL's own rendering of the two
 * (pg_get_functiondef, which normalises the header and keeps the body) must be the same. A change
 * to a file without a migration, or a migration without the file, fails here.
 */
describe('SQL functions', () => {
  let database: TestDatabase;
  let client: Client;

  beforeAll(async () => {
    database = await cloneTestDatabase();
    client = new Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database.drop();
  });

  const definitions = async (schema: string): Promise<Map<string, string>> => {
    const { rows } = await client.query(
      `SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1`,
      [schema],
    );
    return new Map(rows.map((row) => [row.name, row.definition.replaceAll(`${schema}.`, '')]));
  };

  const compositeTypes = async (schema: string): Promise<Map<string, string>> => {
    const { rows } = await client.query(
      `SELECT t.typname AS name, string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod), ', ' ORDER BY a.attnum) AS definition
         FROM pg_type t
         JOIN pg_namespace n ON n.oid = t.typnamespace
         JOIN pg_class c ON c.oid = t.typrelid AND c.relkind = 'c'
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        WHERE n.nspname = $1
        GROUP BY t.typname`,
      [schema],
    );
    return new Map(rows.map((row) => [row.name, row.definition]));
  };

  /** Installs the canonical files in a scratch schema, hands over what they define, and rolls back. */
  const canonical = async (): Promise<{ functions: Map<string, string>; types: Map<string, string> }> => {
    await client.query('BEGIN');
    try {
      await client.query('CREATE SCHEMA canonical; SET LOCAL search_path = canonical, public');
      for (const sql of [...EVENT_LOG_TYPES, ...Object.values(EVENT_LOG_FUNCTIONS)]) await client.query(sql);
      return { functions: await definitions('canonical'), types: await compositeTypes('canonical') };
    } finally {
      await client.query('ROLLBACK');
    }
  };

  it('installs exactly the functions and types of the canonical files, each as its file says', async () => {
    const installed = { functions: await definitions('public'), types: await compositeTypes('public') };
    const expected = await canonical();
    expect([...expected.functions.keys()].sort()).toEqual(Object.keys(EVENT_LOG_FUNCTIONS).sort());
    expect([...installed.functions.keys()].sort()).toEqual([...expected.functions.keys()].sort());
    for (const [name, definition] of expected.functions)
      expect({ name, definition: installed.functions.get(name) }).toEqual({ name, definition });
    expect([...expected.types.keys()].sort()).toEqual(['append_batch_appended', 'append_batch_stream']);
    expect(installed.types).toEqual(expected.types);
  });

  it('uses the values the service uses for the DCB stream, the NOTIFY channel, the conflicts reported and the stream type', async () => {
    const { rows } = await client.query(`SELECT string_agg(prosrc, ' ') AS source FROM pg_proc WHERE proname LIKE 'append_batch%'`);
    expect(rows[0].source).toContain(`'${DCB_STREAM_ID}'`);
    expect(rows[0].source).toContain(`pg_notify('${APPENDS_CHANNEL}'`);
    expect(rows[0].source).toContain(`[1:${MAX_CONFLICTING_POSITIONS}];`);
    expect(rows[0].source).toContain(`regexp_match(a.stream_id, '${STREAM_TYPE_PATTERN}')`);
  });
});
