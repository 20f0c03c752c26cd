import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { MIGRATIONS } from '../../src/database/migrations';
import { cloneTestDatabase, emptyTestDatabase, TestDatabase } from '../support/test-database';
import { redisPrefixFor, testEnvironment } from '../support/test-environment';
import { freePort, ServiceProcess } from '../support/service-process';
import { TEST_JWT_SECRET } from '../support/test-app';

describe('Entry points (dist/main.js and dist/worker.js)', () => {
  let database: TestDatabase;
  const running: ServiceProcess[] = [];
  const start = (script: string, env: Record<string, string>) => {
    const service = ServiceProcess.start(script, env);
    running.push(service);
    return service;
  };
  const baseEnv = () => ({
    DATABASE_URL: database.url,
    REDIS_URL: testEnvironment.redisUrl,
    REDIS_PREFIX: redisPrefixFor(database.url),
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'info',
    // The API as one process, as these tests describe it (api-cluster.e2e-spec.ts runs several).
    WEB_CONCURRENCY: '1',
  });

  beforeEach(async () => {
    database = await emptyTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((service) => service.stop('SIGKILL')));
    await database.drop();
  });

  it('stops the API with one clear line when DATABASE_URL is missing', async () => {
    const { DATABASE_URL: _omitted, ...env } = baseEnv();
    const api = start('dist/main.js', env);
    expect((await api.exited).code).toBe(1);
    expect(api.log.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: .*DATABASE_URL/)]);
  });

  it('stops the API with one clear line when a value is malformed', async () => {
    const api = start('dist/main.js', { ...baseEnv(), PORT: 'eighty', WEBHOOK_TIMEOUT_MS: '-5' });
    expect((await api.exited).code).toBe(1);
    expect(api.log.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: .*PORT.*WEBHOOK_TIMEOUT_MS/)]);
  });

  it('requires a token key for the API but not for the worker', async () => {
    const { JWT_SECRET: _omitted, ...env } = baseEnv();
    const api = start('dist/main.js', env);
    expect((await api.exited).code).toBe(1);
    expect(api.log).toMatch(/JWT_SECRET/);
    const worker = start('dist/worker.js', env);
    await worker.waitForOutput(/Worker ready/);
  });

  it('migrates under an advisory lock: a process waits while another holds it, then finds the schema ready', async () => {
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock(4217001)');
      const worker = start('dist/worker.js', baseEnv());
      await worker.waitForOutput(/Waiting for another process to finish migrating/);
      const { rows } = await holder.query(`SELECT to_regclass('migrations') AS migrations`);
      expect(rows[0].migrations).toBeNull();
      await holder.query('SELECT pg_advisory_unlock(4217001)');
      await worker.waitForOutput(/Worker ready/);
    } finally {
      await holder.end();
    }
  });

  it('starts API and workers together on an empty database, migrating it exactly once', async () => {
    const port = await freePort();
    const processes = [
      start('dist/worker.js', baseEnv()),
      start('dist/worker.js', baseEnv()),
      start('dist/main.js', { ...baseEnv(), PORT: String(port) }),
    ];
    await Promise.all([
      processes[0].waitForOutput(/Worker ready/),
      processes[1].waitForOutput(/Worker ready/),
      processes[2].waitForOutput(/Listening on port/),
    ]);

    const applied = processes.flatMap((service) => service.log.match(/Applied \w+/g) ?? []);
    expect(applied.sort()).toEqual(MIGRATIONS.map((migration) => `Applied ${migration.name}`).sort());
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      expect((await client.query('SELECT name FROM migrations ORDER BY id')).rows.map((row) => row.name)).toEqual(
        MIGRATIONS.map((migration) => migration.name),
      );
    } finally {
      await client.end();
    }

    const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);
    expect(ready.status).toBe(200);
  });

  it('stops with one line on a database migrated by a development version before the baseline', async () => {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      // What such a database holds: a table of the squashed migrations, and their history in TypeORM's table.
      await client.query(`CREATE TABLE tenants (id text PRIMARY KEY)`);
      await client.query(`CREATE TABLE migrations (id serial PRIMARY KEY, "timestamp" bigint NOT NULL, name varchar NOT NULL)`);
      await client.query(
        `INSERT INTO migrations ("timestamp", name) VALUES (1795219200000, 'CreateTenantsApiKeysAndEventStores1795219200000')`,
      );
    } finally {
      await client.end();
    }
    const api = start('dist/main.js', { ...baseEnv(), PORT: String(await freePort()) });
    expect((await api.exited).code).toBe(1);
    expect(api.log.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^API failed to start: The database was migrated by a development version older than 0\.1\.0.*delete its data directory/,
      ),
    ]);
  });

  it('refuses to report the worker ready when Redis does not answer', async () => {
    const worker = start('dist/worker.js', { ...baseEnv(), REDIS_URL: 'redis://127.0.0.1:1' });
    expect((await worker.exited).code).toBe(1);
    expect(worker.log).toMatch(/Worker failed to start: Redis did not answer/);
    expect(worker.log).not.toMatch(/Worker ready/);
  });

  it('stops with one line when the database cannot be reached', async () => {
    const api = start('dist/main.js', {
      ...baseEnv(),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
      PORT: String(await freePort()),
    });
    expect((await api.exited).code).toBe(1);
    expect(api.log.trim().split('\n')).toEqual([expect.stringMatching(/^API failed to start: .*ECONNREFUSED/)]);
  });

  it('shuts API and worker down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const api = start('dist/main.js', { ...baseEnv(), PORT: String(port) });
    const worker = start('dist/worker.js', baseEnv());
    await Promise.all([api.waitForOutput(/Listening on port/), worker.waitForOutput(/Worker ready/)]);

    const exits = await Promise.all([api.stop('SIGTERM'), worker.stop('SIGTERM')]);
    expect(exits).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
    for (const service of [api, worker]) {
      expect(service.log).toMatch(/Shutting down on SIGTERM/);
      // Logged once every module has closed (its pools and Redis included): nothing comes after it.
      expect(JSON.parse(service.log.trim().split('\n').at(-1)!)).toMatchObject({ msg: 'Shutdown complete', context: 'Lifecycle' });
    }
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  });
});

describe('Schema', () => {
  it('has entities that agree with the migrations (migration:generate finds nothing to do)', async () => {
    const database = await cloneTestDatabase();
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          'node_modules/typeorm/cli.js',
          'migration:generate',
          '-d',
          'dist/database/data-source.js',
          '--dryrun',
          '--check',
          'src/database/migrations/Unused',
        ],
        { env: { PATH: process.env.PATH ?? '', DATABASE_URL: database.url } },
      );
      expect(stdout).toContain('No changes in database schema were found');
    } finally {
      await database.drop();
    }
  });
});
