/**
 * How the schema spreads over a Citus cluster (docs/citus.md): the one list that `citus:distribute`
 * applies and that test/e2e/distributable-schema.e2e-spec.ts holds every migrated table, constraint
 * and function to. A new table or function goes here in the migration's commit; the test fails until it does.
 */

/** A table sharded by store: each store's rows on one node, with the store's other rows. */
export interface DistributedTable {
  table: string;
  /** The store's id: `id` in event_stores, `event_store_id` elsewhere. */
  column: string;
}

/** A function Citus propagates to every node; `byStore` ones run on the node holding the store named by their first argument. */
export interface DistributedFunction {
  name: string;
  byStore: boolean;
}

export interface DistributionPlan {
  /** Small tables read on every request and joined from every node: a full copy on each node. Parents first. */
  referenceTables: string[];
  /** Colocated with the first (event_stores), parents first: a foreign key is added only once both ends are distributed. */
  distributedTables: DistributedTable[];
  functions: DistributedFunction[];
  /** Tables that stay on the coordinator alone. */
  localTables: string[];
}

export const DISTRIBUTION_PLAN: DistributionPlan = {
  referenceTables: ['tenants', 'api_keys', 'event_store_names'],
  distributedTables: [
    { table: 'event_stores', column: 'id' },
    { table: 'events', column: 'event_store_id' },
    { table: 'streams', column: 'event_store_id' },
    { table: 'idempotency_keys', column: 'event_store_id' },
    { table: 'event_tags', column: 'event_store_id' },
    { table: 'subscriptions', column: 'event_store_id' },
    { table: 'dead_letters', column: 'event_store_id' },
    { table: 'store_activity', column: 'event_store_id' },
    { table: 'consumers', column: 'event_store_id' },
    { table: 'consumer_events', column: 'event_store_id' },
    { table: 'consumer_processed', column: 'event_store_id' },
    { table: 'consumer_connections', column: 'event_store_id' },
  ],
  functions: [
    { name: 'append_batch', byStore: true },
    { name: 'append_batch_insert_events', byStore: true },
    { name: 'append_batch_write_streams', byStore: true },
    { name: 'append_batch_processed', byStore: true },
    { name: 'dcb_matching_positions', byStore: true },
    { name: 'delete_expired_events', byStore: true },
    // Called by append_batch on the store's node with the batch in memory; it reads no table.
    { name: 'append_batch_matching_positions', byStore: false },
  ],
  // TypeORM's record of the migrations run: only ever read by the migration run, on the coordinator.
  localTables: ['migrations'],
};
