import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { validateEnvironment } from '../../src/config/validate-environment';
import { databaseHosts, dataSourceOptions } from '../../src/database/data-source-options';
import { MIGRATIONS } from '../../src/database/migrations';
import { PayloadsDecodedBeforeTheLock1796100000000 } from '../../src/database/migrations/1796100000000-PayloadsDecodedBeforeTheLock';
import { serialiseRequest } from '../../src/event-log/append/append-request';
import { emptyTestDatabase, TestDatabase } from '../support/test-database';

/**
 * PayloadsDecodedBeforeTheLock1796100000000 keeps append_batch's signature, so an API process of the
 * previous version keeps appending while it runs (CHANGELOG): one connection, opened before it, appends
 * before the migration, after it, after its revert and after it again, and every event keeps its own
 * data and metadata, whichever version of the functions stored it.
 */
describe('The migration that decodes payloads before the lock', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let session: Client;

  beforeAll(async () => {
    database = await emptyTestDatabase();
    const settings = validateEnvironment({ DATABASE_URL: database.url });
    const options = dataSourceOptions(databaseHosts(settings), settings.DATABASE_IDLE_TIMEOUT_MS);
    const last = MIGRATIONS.indexOf(PayloadsDecodedBeforeTheLock1796100000000);
    expect(last).toBeGreaterThan(0);
    const before = await new DataSource({ ...options, migrations: MIGRATIONS.slice(0, last) }).initialize();
    await before.runMigrations({ transaction: 'each' });
    await before.destroy();
    dataSource = await new DataSource({ ...options, migrations: MIGRATIONS.slice(0, last + 1) }).initialize();
    session = new Client({ connectionString: database.url });
    await session.connect();
    await session.query(`INSERT INTO tenants (id, name) VALUES ('t', 't')`);
    await session.query(`INSERT INTO event_stores (id, tenant_id, name, region) VALUES ('s', 't', 's', 'local')`);
  });
  afterAll(async () => {
    await session?.end();
    await dataSource?.destroy();
    await database?.drop();
  });

  /** Two requests in one batch, the first refused (a wrong expected version), with payloads of different lengths. */
  const appendBatch = async (n: number) => {
    const refused = await serialiseRequest({
      kind: 'stream',
      streamId: 'other',
      expectedVersion: 99,
      events: [{ type: 'refused', data: { pad: 'x'.repeat(n * 7) }, metadata: { m: n } }],
    });
    const appended = await serialiseRequest({
      kind: 'stream',
      streamId: 'order-1',
      expectedVersion: undefined,
      events: [
        { type: 'placed', data: { n, note: 'é'.repeat(n) }, metadata: { by: '👤' } },
        { type: 'paid', data: { n } },
      ],
    });
    const { rows } = await session.query<{ outcome: string }>(
      `SELECT outcome FROM append_batch($1, $2::jsonb, $3::bytea, $4) ORDER BY ordinal`,
      ['s', `[${refused.json},${appended.json}]`, Buffer.from(refused.payload + appended.payload), 1_000_000],
    );
    return rows.map((row) => row.outcome);
  };

  it('lets a connection of the previous version append across the migration, its revert and the migration again', async () => {
    expect(await appendBatch(1)).toEqual(['version_conflict', 'appended']);
    await dataSource.runMigrations({ transaction: 'each' });
    expect(await appendBatch(2)).toEqual(['version_conflict', 'appended']);
    await dataSource.undoLastMigration({ transaction: 'each' });
    expect(await appendBatch(3)).toEqual(['version_conflict', 'appended']);
    await dataSource.runMigrations({ transaction: 'each' });
    expect(await appendBatch(4)).toEqual(['version_conflict', 'appended']);

    const { rows } = await session.query(
      `SELECT stream_id, stream_position::int, type, data::text, metadata::text, size_bytes FROM events ORDER BY global_position`,
    );
    const expected = [1, 2, 3, 4].flatMap((n, i) => {
      const placed = { data: JSON.stringify({ n, note: 'é'.repeat(n) }), metadata: JSON.stringify({ by: '👤' }) };
      const paid = JSON.stringify({ n });
      return [
        {
          stream_id: 'order-1',
          stream_position: 2 * i,
          type: 'placed',
          ...placed,
          size_bytes: Buffer.byteLength(placed.data) + Buffer.byteLength(placed.metadata),
        },
        { stream_id: 'order-1', stream_position: 2 * i + 1, type: 'paid', data: paid, metadata: null, size_bytes: Buffer.byteLength(paid) },
      ];
    });
    expect(rows).toEqual(expected);
  });
});
