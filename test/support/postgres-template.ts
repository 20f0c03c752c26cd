import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdtemp, rename, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { validateEnvironment } from '../../src/config/validate-environment';
import { runMigrations } from '../../src/database/run-migrations';
import { freePort } from './free-port';
import { PostgresNode } from './postgres-node';
import { chownToPostgres, guard, harnessPrefix, runAsPostgres } from './postgres-processes';
import { testEnvironment } from './test-environment';

const execFileAsync = promisify(execFile);

/**
 * What every node of the harness runs with; node.conf, included last, places each node (port,
 * socket, cluster_name) and adds its own settings. Trust authentication for local and 127.0.0.1
 * connections, replication included, is initdb's `--auth=trust`.
 */
const CLUSTER_SETTINGS = `
listen_addresses = '127.0.0.1'
wal_level = 'replica'
max_wal_senders = 10
hot_standby = 'on'
shared_buffers = '16MB'
# A standby cut off for a while catches up from the primary's pg_wal, without a replication slot.
wal_keep_size = '256MB'
# A standby whose link comes back reconnects within half a second rather than PostgreSQL's 5 s.
wal_retrieve_retry_interval = '500ms'
# Crash recovery (a standby's first start, a killed primary's restart) syncs the data directory first:
# syncfs does it in one call where the default fsyncs every file (seconds on a loaded machine).
recovery_init_sync_method = 'syncfs'
include_if_exists = 'node.conf'
`;

const building = new Map<string, Promise<string>>();

/**
 * A stopped, cleanly shut down cluster holding `database` (migrated if asked), to be copied with
 * `cp -a` for each node: initdb takes seconds on a loaded machine, a copy a fraction of one. Built once
 * per run and shared by the test files (each build goes to a scratch directory renamed into place, so
 * a file that loses a race to build it uses the winner's); the global teardown removes it.
 */
export function templateCluster(database: string, migrate: boolean): Promise<string> {
  const key = `db-${database}${migrate ? '-migrated' : ''}`;
  return once(key, () => cached(key, (dataDir, home) => buildDatabase(dataDir, home, database, migrate)));
}

const initializedCluster = () => once('initdb', () => cached('initdb', initialize));

/** One build per key in this test file at a time; a failed one is forgotten, so the next pair tries again. */
function once(key: string, build: () => Promise<string>): Promise<string> {
  let result = building.get(key);
  if (!result) {
    result = build().catch((error: unknown) => {
      building.delete(key);
      throw error;
    });
    building.set(key, result);
  }
  return result;
}

async function cached(key: string, build: (dataDir: string, home: string) => Promise<void>): Promise<string> {
  const path = `${harnessPrefix(testEnvironment.runId)}template-${key}`;
  if (existsSync(path)) return path;
  const scratch = await mkdtemp(`${harnessPrefix(testEnvironment.runId)}scratch-`);
  guard(scratch);
  try {
    await chownToPostgres(scratch);
    await build(`${scratch}/data`, scratch);
    await rename(`${scratch}/data`, path).catch((error: unknown) => {
      if (!existsSync(path)) throw error;
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return path;
}

async function initialize(dataDir: string): Promise<void> {
  await runAsPostgres('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
    '--no-sync',
    '--no-instructions',
  ]);
  await appendFile(`${dataDir}/postgresql.conf`, CLUSTER_SETTINGS);
}

async function buildDatabase(dataDir: string, home: string, database: string, migrate: boolean): Promise<void> {
  await execFileAsync('cp', ['-a', await initializedCluster(), dataDir]);
  const node = new PostgresNode('template', dataDir, home, database, await freePort());
  try {
    await node.start();
    await node.query(`CREATE DATABASE "${database}"`, [], { database: 'postgres' });
    if (migrate) await runMigrations(validateEnvironment({ DATABASE_URL: node.url() }), () => undefined);
    await node.stop();
  } finally {
    await node.dispose();
  }
}
