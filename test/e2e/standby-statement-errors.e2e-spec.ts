import { Client } from 'pg';
import { ApiClient, bearer } from '../support/api-client';
import { startTestApp, TestApp } from '../support/test-app';
import { cloneTestDatabase, onServer, TestDatabase } from '../support/test-database';
import { waitFor } from '../support/wait-for';

const STANDBY = 'standby-reads';

/**
 * A standby's statements fail as the primary's do: one that runs past DATABASE_STATEMENT_TIMEOUT_MS is
 * answered 503 QUERY_TIMEOUT, not 500. The "standby" is the test database itself, named in
 * DATABASE_REPLICA_URLS: what is tested is the standby's own pool, not replication (the client's
 * database-failover suite reads from a real one). A lock held on `streams` keeps a list of streams,
 * which reads from the standby, waiting past the timeout.
 */
describe('Statements on a standby', () => {
  let database: TestDatabase;
  let testApp: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    database = await cloneTestDatabase();
    // Named, so that the test can see that the statement it times out is the standby pool's.
    const standbyUrl = `${database.url}${database.url.includes('?') ? '&' : '?'}application_name=${STANDBY}`;
    testApp = await startTestApp({ DATABASE_REPLICA_URLS: standbyUrl, DATABASE_STATEMENT_TIMEOUT_MS: '1000' }, database);
    api = new ApiClient(testApp.server);
  });
  afterAll(async () => {
    await testApp?.close();
    await database?.drop();
  });

  it('answers 503 QUERY_TIMEOUT when a statement on the standby runs past the statement timeout, and serves the next', async () => {
    const owner = await api.tenantWithKey();
    const storeId = (await api.createStore(owner.key, { name: 'orders' }).expect(201)).body.id as string;
    await api
      .http()
      .post(`/event-stores/${storeId}/streams/order-1`)
      .set(bearer(owner.key))
      .send({ events: [{ type: 'placed', data: {} }] })
      .expect(200);
    const listStreams = () => api.http().get(`/event-stores/${storeId}/streams`).set(bearer(owner.key));

    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE streams IN ACCESS EXCLUSIVE MODE');
      const answer = listStreams().then((response) => response);
      // The statements waiting on the lock are the standby pool's, not the primary's: asked on a connection of
      // their own, as the holder's transaction would see one snapshot of pg_stat_activity throughout.
      const waiting = () =>
        onServer(async (client) => {
          const { rows } = await client.query<{ application_name: string }>(
            `SELECT application_name FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`,
            [database.name],
          );
          return rows.map((row) => row.application_name);
        });
      await waitFor(async () => (await waiting()).length > 0, { timeoutMs: 5000, intervalMs: 20, what: 'a statement waiting on the lock' });
      expect([...new Set(await waiting())]).toEqual([STANDBY]);
      const waited = await answer;
      expect({ status: waited.status, code: waited.body.error?.code }).toEqual({ status: 503, code: 'QUERY_TIMEOUT' });
      await holder.query('ROLLBACK');
    } finally {
      await holder.end();
    }
    const listed = await listStreams().expect(200);
    expect(listed.body.streams.map((stream: { streamId: string }) => stream.streamId)).toEqual(['order-1']);
  });
});
