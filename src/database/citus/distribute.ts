import type { Client } from 'pg';
import { MIGRATIONS } from '../migrations';
import { DISTRIBUTION_PLAN, DistributionPlan } from './distribution-plan';

/** What one run changed: empty lists when the database was already distributed as planned. */
export interface DistributionReport {
  referenceTables: string[];
  distributedTables: string[];
  functions: string[];
}

interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

/**
 * Applies the plan to a Citus coordinator whose database holds the migrated schema, in one
 * transaction: reference tables, then distributed tables colocated with event_stores, then the
 * functions. Citus refuses a foreign key from a table not yet distributed to a distributed one, so
 * the keys that lead to a distributed table are dropped while their tables change and added again
 * after, as they were. Whatever is already as planned is left alone, so a second run changes nothing;
 * a run after a migration that added a table or function to the plan distributes only those.
 */
export async function distributeOnCitus(client: Client, plan: DistributionPlan = DISTRIBUTION_PLAN): Promise<DistributionReport> {
  await refuseUnlessReady(client);
  await client.query('BEGIN');
  try {
    // Creating shards and foreign keys to reference tables in one transaction needs one connection per node.
    await client.query(`SET LOCAL citus.multi_shard_modify_mode TO 'sequential'`);
    const current = await distributionMethods(client);
    const referenceTables = plan.referenceTables.filter((table) => current.get(table) !== 'n');
    const distributedTables = plan.distributedTables.filter(({ table }) => current.get(table) !== 'h');
    const changing = new Set([...referenceTables, ...distributedTables.map(({ table }) => table)]);
    const misplaced = [...changing].filter((table) => current.has(table));
    if (misplaced.length > 0) throw new Error(`Already distributed otherwise than planned: ${misplaced.join(', ')}; see docs/citus.md`);

    const keys = await foreignKeysToDistributed(client, plan, changing);
    for (const key of keys) await client.query(`ALTER TABLE ${key.table} DROP CONSTRAINT ${key.name}`);
    for (const table of referenceTables) await client.query(`SELECT create_reference_table($1)`, [table]);
    const [anchor] = plan.distributedTables;
    for (const { table, column } of distributedTables) {
      const colocateWith = table === anchor.table ? 'default' : anchor.table;
      await client.query(`SELECT create_distributed_table($1, $2, colocate_with := $3)`, [table, column, colocateWith]);
    }
    for (const key of keys) await client.query(`ALTER TABLE ${key.table} ADD CONSTRAINT ${key.name} ${key.definition}`);

    const functions = await distributeFunctions(client, plan, anchor.table);
    await client.query('COMMIT');
    return { referenceTables, distributedTables: distributedTables.map(({ table }) => table), functions };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

async function refuseUnlessReady(client: Client): Promise<void> {
  const { rows: citus } = await client.query(`SELECT 1 FROM pg_extension WHERE extname = 'citus'`);
  if (citus.length === 0) {
    throw new Error(
      `This database has no citus extension: citus:distribute runs once against a Citus coordinator (CREATE EXTENSION citus; see docs/citus.md)`,
    );
  }
  const { rows: applied } = await client.query<{ name: string }>(`SELECT name FROM migrations`).catch(() => ({ rows: [] }));
  const done = new Set(applied.map(({ name }) => name));
  const pending = MIGRATIONS.map((migration) => new migration().name).filter((name) => !done.has(name));
  if (pending.length > 0) throw new Error('The database has pending migrations; run npm run migration:run first');
}

/** Each Citus table's method: `n` for a reference table, `h` for a hash-distributed one. */
async function distributionMethods(client: Client): Promise<Map<string, string>> {
  const { rows } = await client.query<{ table: string; method: string }>(
    `SELECT logicalrelid::regclass::text AS table, partmethod AS method FROM pg_dist_partition`,
  );
  return new Map(rows.map(({ table, method }) => [table, method]));
}

/** The foreign keys into a planned distributed table that involve a table about to change. */
async function foreignKeysToDistributed(client: Client, plan: DistributionPlan, changing: Set<string>): Promise<ForeignKey[]> {
  const { rows } = await client.query<ForeignKey & { referenced: string }>(
    `SELECT conrelid::regclass::text AS table, conname AS name, confrelid::regclass::text AS referenced,
            pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace ORDER BY conrelid, conname`,
  );
  const distributed = new Set(plan.distributedTables.map(({ table }) => table));
  return rows.filter((key) => distributed.has(key.referenced) && (changing.has(key.table) || changing.has(key.referenced)));
}

/** Distributes the functions not yet as planned; returns their signatures. */
async function distributeFunctions(client: Client, plan: DistributionPlan, anchor: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string; signature: string; by_store: boolean; distributed: boolean }>(
    `SELECT p.proname AS name, p.oid::regprocedure::text AS signature, o.objid IS NOT NULL AS distributed,
            o.distribution_argument_index = 0 AND o.colocationid = (SELECT colocationid FROM pg_dist_partition WHERE logicalrelid = $1::regclass)
              IS TRUE AS by_store
       FROM pg_proc p
       LEFT JOIN pg_dist_object o ON o.classid = 'pg_proc'::regclass AND o.objid = p.oid
      WHERE p.pronamespace = 'public'::regnamespace AND p.proname = ANY($2)`,
    [anchor, plan.functions.map(({ name }) => name)],
  );
  const changed: string[] = [];
  for (const { name, byStore } of plan.functions) {
    const found = rows.filter((row) => row.name === name);
    if (found.length !== 1) throw new Error(`Function ${name} is missing or overloaded (${found.length} found); see docs/citus.md`);
    const [{ signature, distributed, by_store }] = found;
    if (byStore ? by_store : distributed) continue;
    if (byStore) await client.query(`SELECT create_distributed_function($1, '$1', colocate_with := $2)`, [signature, anchor]);
    else await client.query(`SELECT create_distributed_function($1)`, [signature]);
    changed.push(signature);
  }
  return changed;
}
