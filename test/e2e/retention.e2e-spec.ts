import { Client } from 'pg';
import { ApiClient, bearer, TenantKey } from '../support/api-client';
import type { ServiceProcess } from '../support/service-process';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { startWorker } from '../support/worker-process';

// Two worker processes start here; the default 30 s is tight for that on a busy machine.
jest.setTimeout(120_000);

const sizeOf = (data: object) => Buffer.byteLength(JSON.stringify(data));

/**
 * DECISIONS §7: the worker deletes events older than their store's retentionPeriodDays; versions,
 * positions and totalStreams never change. Old events are made by moving created_at back in the
 * test's own database, oldest positions first, as time would have.
 */
describe('Retention sweep', () => {
  let testApp: TestApp;
  let api: ApiClient;
  let tenant: TenantKey;
  let sql: Client;
  const workers: ServiceProcess[] = [];

  beforeAll(async () => {
    testApp = await startTestApp();
    api = new ApiClient(testApp.server);
    tenant = await api.tenantWithKey();
    sql = new Client({ connectionString: testApp.database.url });
    await sql.connect();
    // Two workers at once: one sweeps each round, the other skips it; nothing is counted out twice.
    workers.push(...(await Promise.all([1, 2].map(() => startWorker(testApp.config, { RETENTION_SWEEP_INTERVAL_MS: '1000' })))));
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop('SIGKILL')));
    await sql.end();
    await testApp.close();
  });

  const appendTo = (storeId: string, streamId: string, events: object[]) =>
    api.http().post(`/event-stores/${storeId}/streams/${streamId}`).set(bearer(tenant.key)).send({ events }).expect(200);
  const positions = async (storeId: string) =>
    (await sql.query(`SELECT global_position FROM events WHERE event_store_id = $1 ORDER BY 1`, [storeId])).rows.map((row) =>
      Number(row.global_position),
    );
  // The text of the events' JSON written at append holds their createdAt: cleared, reads write it from the column.
  const age = (storeId: string, upToPosition: number, interval: string) =>
    sql.query(
      `UPDATE events SET created_at = created_at - $3::interval, json_head = NULL, json_tail = NULL
        WHERE event_store_id = $1 AND global_position <= $2`,
      [storeId, upToPosition, interval],
    );

  it('deletes only events past the retention period, in every store that has one, keeping versions, positions and statistics true', async () => {
    const retained = (await api.createStore(tenant.key, { name: 'retained', settings: { retentionPeriodDays: 1.5 } }).expect(201)).body.id;
    const kept = (await api.createStore(tenant.key, { name: 'kept-forever' }).expect(201)).body.id;

    const gone = [
      { type: 'a.one', data: { n: 1 } },
      { type: 'a.two', data: { n: 2 }, metadata: { by: 'é' }, tags: ['order:1'] },
    ];
    const partlyOld = [
      { type: 'p.one', data: { n: 1 } },
      { type: 'p.two', data: { n: 2 } },
      { type: 'p.three', data: { n: 3 } },
    ];
    const dcbOld = [
      { type: 'd.one', data: { d: 1 }, tags: ['claim:x'] },
      { type: 'd.two', data: { d: 2 }, tags: ['claim:x', 'order:1'] },
    ];
    const partlyNew = [
      { type: 'p.four', data: { n: 4 }, tags: ['order:1'] },
      { type: 'p.five', data: { n: 5, text: 'ünïcode' } },
    ];
    await appendTo(retained, 'gone-1', gone); // positions 1-2
    await appendTo(retained, 'partly-1', partlyOld); // 3-5
    await api.http().post(`/event-stores/${retained}/events`).set(bearer(tenant.key)).send({ events: dcbOld }).expect(200); // 6-7
    await appendTo(retained, 'partly-1', partlyNew); // 8-9
    await appendTo(retained, 'fresh-1', [{ type: 'f.one', data: {} }]); // 10
    await appendTo(kept, 'old-1', [
      { type: 'o.one', data: {} },
      { type: 'o.two', data: {} },
    ]);
    // Two days old: past 1.5 days. Position 8 is 1 day old: within it.
    await age(retained, 7, '2 days');
    await age(retained, 8, '1 day');
    await age(kept, 2, '400 days');
    await waitFor(async () => (await positions(retained))[0] === 8, { timeoutMs: 30_000, intervalMs: 200 });

    expect(await positions(retained)).toEqual([8, 9, 10]);
    expect(await positions(kept)).toEqual([1, 2]);

    const store = (await api.http().get(`/event-stores/${retained}`).set(bearer(tenant.key)).expect(200)).body;
    const oldest = (await sql.query(`SELECT created_at FROM events WHERE event_store_id = $1 AND global_position = 8`, [retained])).rows[0]
      .created_at;
    expect(store.statistics).toEqual({
      totalStreams: 3,
      totalEvents: 3,
      databaseSizeBytes: sizeOf(partlyNew[0].data) + sizeOf(partlyNew[1].data) + sizeOf({}),
      oldestEventTimestamp: oldest.toISOString(),
      newestEventTimestamp: expect.any(String),
    });

    // A stream whose start was swept reads from its first kept event, positions unchanged.
    const partly = (await api.http().get(`/event-stores/${retained}/streams/partly-1`).set(bearer(tenant.key)).expect(200)).body;
    expect(partly.streamVersion).toBe(5);
    expect(partly.events.map((e: { streamPosition: number; globalPosition: number }) => [e.streamPosition, e.globalPosition])).toEqual([
      [3, 8],
      [4, 9],
    ]);
    const emptied = (await api.http().get(`/event-stores/${retained}/streams/gone-1`).set(bearer(tenant.key)).expect(200)).body;
    expect(emptied).toMatchObject({ events: [], streamVersion: 2, hasMore: false });

    const streams = (await api.http().get(`/event-stores/${retained}/streams`).set(bearer(tenant.key)).expect(200)).body.streams;
    expect(
      Object.fromEntries(
        streams.map((s: { streamId: string; sizeBytes: number; streamVersion: number }) => [s.streamId, [s.streamVersion, s.sizeBytes]]),
      ),
    ).toEqual({
      'gone-1': [2, 0],
      'partly-1': [5, sizeOf(partlyNew[0].data) + sizeOf(partlyNew[1].data)],
      'fresh-1': [1, sizeOf({})],
    });

    // The tag index lost exactly the deleted events' rows.
    const tags = await sql.query(`SELECT tag, global_position FROM event_tags WHERE event_store_id = $1 ORDER BY 2, 1`, [retained]);
    expect(tags.rows.map((row) => [row.tag, Number(row.global_position)])).toEqual([['order:1', 8]]);
    const claim = await api
      .http()
      .post(`/event-stores/${retained}/query`)
      .set(bearer(tenant.key))
      .send({ query: { items: [{ tags: ['claim:x'] }] } })
      .expect(200);
    expect(claim.body.events).toEqual([]);

    // The log goes on where it was: positions and versions never reused.
    const next = await appendTo(retained, 'partly-1', [{ type: 'p.six', data: {} }]);
    expect(next.body).toMatchObject({ currentStreamVersion: 6, globalPosition: 11 });
  });

  it('empties a store whose events all expired: statistics show no events and no timestamps', async () => {
    const storeId = (await api.createStore(tenant.key, { name: 'all-old', settings: { retentionPeriodDays: 0.5 } }).expect(201)).body.id;
    await appendTo(storeId, 'only-1', [{ type: 'x', data: { v: 1 } }]);
    await age(storeId, 1, '1 day');
    await waitFor(async () => (await positions(storeId)).length === 0, { timeoutMs: 30_000, intervalMs: 200 });
    const store = (await api.http().get(`/event-stores/${storeId}`).set(bearer(tenant.key)).expect(200)).body;
    expect(store.statistics).toEqual({
      totalStreams: 1,
      totalEvents: 0,
      databaseSizeBytes: 0,
      oldestEventTimestamp: null,
      newestEventTimestamp: null,
    });
  });

  it('works through a backlog larger than one batch, counting every batch out exactly once', async () => {
    const storeId = (await api.createStore(tenant.key, { name: 'backlog', settings: { retentionPeriodDays: 1 } }).expect(201)).body.id;
    const thousand = Array.from({ length: 1000 }, (_, i) => ({ type: 'bulk', data: { i } }));
    for (const streamId of ['bulk-1', 'bulk-2']) await appendTo(storeId, streamId, thousand);
    await appendTo(storeId, 'bulk-1', thousand.slice(0, 500));
    await appendTo(storeId, 'bulk-2', [{ type: 'recent', data: {} }]);
    await age(storeId, 2500, '2 days');
    await waitFor(async () => (await positions(storeId)).length === 1, { timeoutMs: 30_000, intervalMs: 200 });
    const { rows } = await sql.query(
      `SELECT st.total_events, array_agg(s.event_count ORDER BY s.stream_id) AS counts FROM event_stores st JOIN streams s ON s.event_store_id = st.id WHERE st.id = $1 GROUP BY st.id`,
      [storeId],
    );
    expect(rows[0]).toEqual({ total_events: '1', counts: ['0', '1'] });
  });

  it('purges idempotency records older than 24 hours and keeps the recent ones', async () => {
    const storeId = (await api.createStore(tenant.key, { name: 'idempotent' }).expect(201)).body.id;
    const keyed = (key: string) =>
      api
        .http()
        .post(`/event-stores/${storeId}/streams/s`)
        .set(bearer(tenant.key))
        .set('Idempotency-Key', key)
        .send({ events: [{ type: 'x', data: {} }] })
        .expect(200);
    await keyed('expired');
    await keyed('recent');
    await sql.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE event_store_id = $1 AND key = 'expired'`, [
      storeId,
    ]);
    const keys = async () =>
      (await sql.query(`SELECT key FROM idempotency_keys WHERE event_store_id = $1 ORDER BY key`, [storeId])).rows.map((row) => row.key);
    await waitFor(async () => (await keys()).length === 1, { timeoutMs: 30_000, intervalMs: 200 });
    expect(await keys()).toEqual(['recent']);
  });
});
