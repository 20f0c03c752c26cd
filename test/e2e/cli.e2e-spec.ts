import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient, bearer } from '../support/api-client';
import { cli, cliWith } from '../support/cli-process';
import { startTestApp, TestApp } from '../support/test-app';
import { emptyTestDatabase } from '../support/test-database';

describe('Operator CLI (dist/cli/main.js)', () => {
  let testApp: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    testApp = await startTestApp();
    api = new ApiClient(testApp.server);
  });
  afterAll(() => testApp.close());

  it('creates a tenant and a key that works, lists them like /admin does, and revokes the key', async () => {
    const tenant = await cli(testApp.database.url, 'tenants:create', 'cli-tenant');
    expect(tenant.code).toBe(0);
    const created = JSON.parse(tenant.stdout);
    expect(created).toEqual({ id: expect.stringMatching(/^ten_/), name: 'cli-tenant', createdAt: expect.any(String) });

    const key = JSON.parse(
      (await cli(testApp.database.url, 'api-keys:create', created.id, '--name', 'ci', '--scopes', 'read,admin')).stdout,
    );
    expect(key).toEqual({
      id: expect.stringMatching(/^key_/),
      name: 'ci',
      scopes: ['read', 'admin'],
      prefix: key.key.slice(0, 12),
      key: expect.stringMatching(/^esk_/),
      createdAt: expect.any(String),
    });
    await api.createStore(key.key, { name: 'made-with-cli-key' }).expect(201);

    const keys = JSON.parse((await cli(testApp.database.url, 'api-keys:list', created.id)).stdout);
    expect(keys).toEqual((await api.admin().listApiKeys(created.id).expect(200)).body);
    expect(JSON.stringify(keys)).not.toContain(key.key);

    const tenants = JSON.parse((await cli(testApp.database.url, 'tenants:list')).stdout);
    expect(tenants).toEqual((await api.admin().listTenants().expect(200)).body);

    const revoked = await cli(testApp.database.url, 'api-keys:revoke', key.id);
    expect(JSON.parse(revoked.stdout)).toEqual({ success: true, revoked: key.id });
    await api.http().get('/event-stores').set(bearer(key.key)).expect(401);
  });

  it('fails with a readable message and a non-zero exit on bad input', async () => {
    const badScope = await cli(testApp.database.url, 'api-keys:create', 'ten_x', '--name', 'x', '--scopes', 'read,root');
    expect(badScope.code).not.toBe(0);
    expect(badScope.stderr).toMatch(/unknown scope\(s\) root/);

    const unknownTenant = await cli(testApp.database.url, 'api-keys:create', 'ten_missing', '--name', 'x');
    expect(unknownTenant.code).toBe(1);
    expect(unknownTenant.stderr.trim()).toBe('Tenant ten_missing not found');
    expect(unknownTenant.stdout).toBe('');
  });

  it('without DATABASE_URL, says it is not set (rather than malformed) and how to get a database, when npm start never ran', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cli-e2e-data-'));
    try {
      const { code, stdout, stderr } = await cliWith({ DATA_DIR: dataDir }, 'tenants:list');
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr.trim()).toBe(
        `Invalid configuration: DATABASE_URL is not set; npm start has not run an embedded database from ${dataDir} yet (start it once, or set DATABASE_URL)`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers in one line at once when the database does not answer', async () => {
    const timed = async (databaseUrl: string) => {
      const started = performance.now();
      const outcome = await cli(databaseUrl, 'tenants:list');
      return { ...outcome, ms: performance.now() - started };
    };
    // The baseline: the same command doing its whole work against a database that answers, on this machine as loaded now.
    const answered = await timed(testApp.database.url);
    expect(answered.code).toBe(0);
    const unreachable = await timed('postgres://postgres@127.0.0.1:1/none');
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr.trim()).toBe('Cannot reach PostgreSQL at 127.0.0.1:1 (connect ECONNREFUSED 127.0.0.1:1)');
    // "At once": no retrying, so no slower than a run that did its work (3× allows for the machine's noise; retries would take tens of seconds).
    expect(unreachable.ms).toBeLessThan(3 * answered.ms);
  });

  it('refuses to work on a database with pending migrations, except dev:bootstrap, which migrates', async () => {
    const database = await emptyTestDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'cli-e2e-'));
    try {
      const refused = await cli(database.url, 'tenants:list');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/pending migrations/);

      const file = join(dir, 'dev-api-key');
      const first = JSON.parse((await cli(database.url, 'dev:bootstrap', '--file', file)).stdout);
      expect(first).toEqual({ key: expect.stringMatching(/^esk_/), tenantId: expect.stringMatching(/^ten_/), created: true });
      expect(readFileSync(file, 'utf8').trim()).toBe(first.key);
      const second = JSON.parse((await cli(database.url, 'dev:bootstrap', '--file', file)).stdout);
      expect(second).toEqual({ ...first, created: false });
      expect(JSON.parse((await cli(database.url, 'tenants:list')).stdout).tenants).toEqual([expect.objectContaining({ name: 'default' })]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await database.drop();
    }
  });
});
