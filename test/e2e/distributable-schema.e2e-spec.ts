import { basename, join } from 'node:path';
import { Client } from 'pg';
import { DISTRIBUTION_PLAN } from '../../src/database/citus/distribution-plan';
import { mutableCallsInConditionals, stringLiterals, typeScriptFiles } from '../support/sql-volatility';
import { cloneTestDatabase, TestDatabase } from '../support/test-database';

/** Migrations up to this one ran before any database was distributed; later ones must run on Citus too. */
const LAST_MIGRATION_BEFORE_CITUS = 1795700000000;
const SOURCES = join(__dirname, '..', '..', 'src');

/**
 * The rules that keep the migrated schema distributable on Citus (docs/citus.md), read from the
 * catalog of a migrated plain PostgreSQL database, since CI has no Citus: each fails with the names
 * of what breaks it.
 */
describe('A schema Citus can distribute', () => {
  let database: TestDatabase;
  let sql: Client;
  const distributed = new Map(DISTRIBUTION_PLAN.distributedTables.map(({ table, column }) => [table, column]));
  const reference = new Set(DISTRIBUTION_PLAN.referenceTables);

  beforeAll(async () => {
    database = await cloneTestDatabase();
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql.end();
    await database.drop();
  });

  const rows = async <T>(text: string, values: unknown[] = []): Promise<T[]> => (await sql.query(text, values)).rows;

  it('plans every table, as distributed, reference or local, and plans only tables that exist', async () => {
    const tables = (
      await rows<{ name: string }>(
        `SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p')`,
      )
    ).map(({ name }) => name);
    const planned = [...distributed.keys(), ...reference, ...DISTRIBUTION_PLAN.localTables];
    expect({ unplanned: tables.filter((table) => !planned.includes(table)) }).toEqual({ unplanned: [] });
    expect({ missing: planned.filter((table) => !tables.includes(table)) }).toEqual({ missing: [] });
    expect(new Set(planned).size).toBe(planned.length);
  });

  it("includes the store's id in every primary key and unique constraint or index of a distributed table", async () => {
    const unique = await rows<{ table: string; index: string; columns: string[] }>(
      `SELECT c.relname AS table, i.relname AS index, array_agg(a.attname ORDER BY a.attnum) AS columns
         FROM pg_index x JOIN pg_class c ON c.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY(x.indkey)
        WHERE x.indisunique AND c.relnamespace = 'public'::regnamespace AND c.relname = ANY($1)
        GROUP BY 1, 2`,
      [[...distributed.keys()]],
    );
    expect(unique.length).toBeGreaterThanOrEqual(distributed.size);
    const lacking = unique.filter(({ table, columns }) => !columns.includes(distributed.get(table)!));
    expect({ lacking: lacking.map(({ index }) => index) }).toEqual({ lacking: [] });
  });

  it('puts no trigger on a table that will be distributed or replicated', async () => {
    const triggers = await rows<{ name: string }>(
      `SELECT c.relname || '.' || t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace AND c.relname = ANY($1)`,
      [[...distributed.keys(), ...reference]],
    );
    expect({ triggers: triggers.map(({ name }) => name) }).toEqual({ triggers: [] });
  });

  it("keeps to the foreign keys Citus accepts: into a distributed table only from one, on the store's id at both ends", async () => {
    const keys = await rows<{ name: string; table: string; referenced: string; columns: string[]; referencedColumns: string[] }>(
      `SELECT k.conname AS name, c.relname AS table, r.relname AS referenced,
              ARRAY(SELECT attname FROM pg_attribute WHERE attrelid = k.conrelid AND attnum = ANY(k.conkey)) AS columns,
              ARRAY(SELECT attname FROM pg_attribute WHERE attrelid = k.confrelid AND attnum = ANY(k.confkey)) AS "referencedColumns"
         FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class r ON r.oid = k.confrelid
        WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace`,
    );
    const refused = keys.filter(({ table, referenced, columns, referencedColumns }) => {
      if (reference.has(referenced)) return false;
      if (!distributed.has(referenced) || !distributed.has(table)) return true;
      return !columns.includes(distributed.get(table)!) || !referencedColumns.includes(distributed.get(referenced)!);
    });
    expect(keys.length).toBeGreaterThan(0);
    expect({ refused: refused.map(({ name }) => name) }).toEqual({ refused: [] });
  });

  it('plans every function, and runs those by store on their first argument, the store id', async () => {
    const functions = await rows<{ name: string; first: string | null; type: string | null }>(
      `SELECT proname AS name, proargnames[1] AS first, format_type(proargtypes[0], NULL) AS type
         FROM pg_proc WHERE pronamespace = 'public'::regnamespace`,
    );
    const planned = DISTRIBUTION_PLAN.functions.map(({ name }) => name);
    expect({ unplanned: functions.filter(({ name }) => !planned.includes(name)).map(({ name }) => name) }).toEqual({ unplanned: [] });
    const byStore = functions.filter(({ name }) => DISTRIBUTION_PLAN.functions.find((fn) => fn.name === name)?.byStore);
    expect(byStore.map(({ name }) => name).sort()).toEqual(
      DISTRIBUTION_PLAN.functions
        .filter((fn) => fn.byStore)
        .map(({ name }) => name)
        .sort(),
    );
    for (const fn of byStore)
      expect({ name: fn.name, first: fn.first, type: fn.type }).toEqual({ name: fn.name, first: 'p_event_store_id', type: 'text' });
  });

  it('writes every function in PL/pgSQL: Citus cannot plan the parameterised statements of a SQL function that runs on a worker', async () => {
    // Found on a live cluster: append_batch_processed, a SQL function, failed every append carrying `consumer` there.
    const functions = await rows<{ name: string; language: string }>(
      `SELECT p.proname AS name, l.lanname AS language
         FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
        WHERE p.pronamespace = 'public'::regnamespace
        ORDER BY 1`,
    );
    expect(functions.length).toBe(DISTRIBUTION_PLAN.functions.length);
    expect(functions.filter(({ language }) => language !== 'plpgsql')).toEqual([]);
  });

  it('never calls a volatile function or a clock inside COALESCE or CASE in a write, in the database or in the service', async () => {
    const mutable = new Set(
      // Volatile ones (random(), gen_random_uuid(), clock_timestamp()) and stable ones that take nothing: the clocks (now()).
      (
        await rows<{ name: string }>(
          `SELECT proname AS name FROM pg_proc GROUP BY proname HAVING bool_and(provolatile = 'v' OR (provolatile = 's' AND pronargs = 0))`,
        )
      ).map(({ name }) => name),
    );
    expect(mutable).toContain('now');
    const bodies = await rows<{ name: string; body: string }>(
      `SELECT proname AS name, prosrc AS body FROM pg_proc WHERE pronamespace = 'public'::regnamespace`,
    );
    const sources = typeScriptFiles(SOURCES).filter(
      (file) =>
        !file.endsWith('.spec.ts') &&
        !(file.includes(`${join('database', 'migrations')}`) && Number(basename(file).split('-')[0]) <= LAST_MIGRATION_BEFORE_CITUS),
    );
    const found = [
      ...bodies.flatMap(({ name, body }) => mutableCallsInConditionals(body, mutable).map((text) => `${name}(): ${text}`)),
      ...sources.flatMap((file) =>
        stringLiterals(file).flatMap((literal) => mutableCallsInConditionals(literal, mutable).map((text) => `${basename(file)}: ${text}`)),
      ),
    ];
    expect({ found }).toEqual({ found: [] });
  });
});
