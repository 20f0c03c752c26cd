import { Client } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { validateEnvironment } from '../../src/config/validate-environment';
import { databaseHosts, dataSourceOptions } from '../../src/database/data-source-options';
import { MIGRATIONS } from '../../src/database/migrations';
import { PayloadsDecodedBeforeTheLock1796100000000 } from '../../src/database/migrations/1796100000000-PayloadsDecodedBeforeTheLock';
import { EventJsonHeadAndTail1796200000000 } from '../../src/database/migrations/1796200000000-EventJsonHeadAndTail';
import { BatchMatchedOnlyWhereAConditionCanMatch1796300000000 } from '../../src/database/migrations/1796300000000-BatchMatchedOnlyWhereAConditionCanMatch';
import { DcbItemsReadAsJson1796400000000 } from '../../src/database/migrations/1796400000000-DcbItemsReadAsJson';
import { ConsumerCheckInPlpgsql1796500000000 } from '../../src/database/migrations/1796500000000-ConsumerCheckInPlpgsql';
import { serialiseRequest } from '../../src/event-log/append/append-request';
import { eventJsonSql } from '../../src/event-log/read/stored-event';
import { emptyTestDatabase, TestDatabase } from '../support/test-database';

/**
 * Migrations that keep append_batch's signature, so that an API process of the previous version keeps
 * appending while they run (CHANGELOG): for each, one connection, opened before it, appends before the
 * migration, after it, after its revert and after it again. Every event keeps its own data and
 * metadata, whichever version of the functions stored it, and reads as the API now reads events.
 */
describe.each(
  [
    PayloadsDecodedBeforeTheLock1796100000000,
    EventJsonHeadAndTail1796200000000,
    BatchMatchedOnlyWhereAConditionCanMatch1796300000000,
    DcbItemsReadAsJson1796400000000,
    ConsumerCheckInPlpgsql1796500000000,
  ].map((migration) => [migration.name, migration]),
)('The migration %s', (_name, migration) => {
  let database: TestDatabase;
  let options: DataSourceOptions;
  let dataSource: DataSource;
  let session: Client;

  beforeAll(async () => {
    database = await emptyTestDatabase();
    const settings = validateEnvironment({ DATABASE_URL: database.url });
    options = dataSourceOptions(databaseHosts(settings), settings.DATABASE_IDLE_TIMEOUT_MS);
    const last = MIGRATIONS.indexOf(migration);
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

  /**
   * Six requests in one batch: a stream append refused (a wrong expected version) and one appended,
   * with payloads of different lengths; then two DCB claims of one value, the second refused by the
   * first, which its condition sees among the batch's own events; then two DCB appends refused by the
   * first batch's claim, among the batch's own events in the first batch and stored from the second
   * on (dcb_matching_positions).
   */
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
    const claim = () =>
      serialiseRequest({
        kind: 'dcb',
        events: [{ type: 'claimed', data: { n }, tags: [`claim:${n}`] }],
        condition: { items: [{ tags: [`claim:${n}`] }], after: 0 },
      });
    // Conditions that stored events fail from the second batch on (the first batch's own claim before):
    // on the first claim's tag, and on the claims' type alone.
    const conditioned = (items: object[]) =>
      serialiseRequest({ kind: 'dcb', events: [{ type: 'refused', data: { n } }], condition: { items, after: 0 } });
    const requests = [
      refused,
      appended,
      await claim(),
      await claim(),
      await conditioned([{ tags: ['claim:1'] }]),
      await conditioned([{ types: ['claimed'] }]),
    ];
    const { rows } = await session.query<{ outcome: string }>(
      `SELECT outcome FROM append_batch($1, $2::jsonb, $3::bytea, $4) ORDER BY ordinal`,
      ['s', `[${requests.map((request) => request.json).join(',')}]`, Buffer.concat(requests.map((request) => request.payload)), 1_000_000],
    );
    return rows.map((row) => row.outcome);
  };
  const OUTCOMES = ['version_conflict', 'appended', 'appended', 'condition_failed', 'condition_failed', 'condition_failed'];

  it('lets a connection of the previous version append across the migration, its revert and the migration again', async () => {
    expect(await appendBatch(1)).toEqual(OUTCOMES);
    await dataSource.runMigrations({ transaction: 'each' });
    expect(await appendBatch(2)).toEqual(OUTCOMES);
    await dataSource.undoLastMigration({ transaction: 'each' });
    expect(await appendBatch(3)).toEqual(OUTCOMES);
    await dataSource.runMigrations({ transaction: 'each' });
    expect(await appendBatch(4)).toEqual(OUTCOMES);

    const { rows } = await session.query(
      `SELECT stream_id, stream_position::int, type, data::text, metadata::text, size_bytes FROM events ORDER BY global_position`,
    );
    const claimed = (n: number) => {
      const data = JSON.stringify({ n });
      return {
        stream_id: '__dcb__',
        stream_position: 3 * n - 1,
        type: 'claimed',
        data,
        metadata: null,
        size_bytes: Buffer.byteLength(data),
      };
    };
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
        claimed(n),
      ];
    });
    expect(rows).toEqual(expected);
    const tags = await session.query(`SELECT tag, global_position::int FROM event_tags ORDER BY global_position`);
    expect(tags.rows).toEqual([1, 2, 3, 4].map((n) => ({ tag: `claim:${n}`, global_position: 3 * n })));

    // Migrated to the end, the events of every version read as the API reads them.
    const latest = await new DataSource({ ...options, migrations: MIGRATIONS }).initialize();
    try {
      await latest.runMigrations({ transaction: 'each' });
    } finally {
      await latest.destroy();
    }
    const read = await session.query(`SELECT ${eventJsonSql()} AS event FROM events ORDER BY global_position`);
    expect(read.rows.map((row) => JSON.parse(row.event))).toEqual(
      expected.map((event, i) =>
        expect.objectContaining({
          streamId: event.stream_id,
          streamPosition: event.stream_position,
          globalPosition: i + 1,
          type: event.type,
          data: JSON.parse(event.data),
          ...(event.metadata !== null && { metadata: JSON.parse(event.metadata) }),
        }),
      ),
    );
  });
});
