import { Client } from 'pg';
import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * What the web console asks the service that no other client needed: who a key is, and how busy a
 * store was over the last hour.
 */
describe('Endpoints of the web console', () => {
  let testApp: TestApp;
  let api: ApiClient;
  let tenant: TenantKey;

  beforeAll(async () => {
    testApp = await startTestApp();
    api = new ApiClient(testApp.server);
  });
  beforeEach(async () => {
    tenant = await api.tenantWithKey();
  });
  afterAll(() => testApp.close());

  describe('GET /api-keys/current', () => {
    it('names the key and its tenant, by id and by name, and its scopes, whatever they are', async () => {
      const tenantName = `acme-${Math.random().toString(36).slice(2, 8)}`;
      const named = await api.tenantWithKey(['read', 'write', 'admin'], tenantName);
      const full = await api.http().get('/api-keys/current').set(bearer(named.key)).expect(200);
      expect(full.body).toEqual({
        apiKeyId: named.apiKeyId,
        apiKeyName: 'key-read-write-admin',
        tenantId: named.tenantId,
        tenantName,
        scopes: ['read', 'write', 'admin'],
      });
      expect(full.headers['x-ratelimit-limit']).toBeDefined();

      for (const scopes of [['read'], ['write'], ['admin'], ['read', 'write']] as const) {
        const key = await api.keyFor(named.tenantId, [...scopes]);
        const response = await api.http().get('/api-keys/current').set(bearer(key.key)).expect(200);
        expect(response.body).toEqual({
          apiKeyId: key.apiKeyId,
          apiKeyName: `key-${scopes.join('-')}`,
          tenantId: named.tenantId,
          tenantName,
          scopes,
        });
      }
    });

    it('answers 401 without a valid key, and stops answering for a revoked one', async () => {
      for (const headers of [{}, bearer('esk_unknown'), bearer('')]) {
        const response = await api.http().get('/api-keys/current').set(headers).expect(401);
        expect(response.body.error.code).toBe('UNAUTHORIZED');
      }
      const key = await api.keyFor(tenant.tenantId, ['read']);
      await api.http().get('/api-keys/current').set(bearer(key.key)).expect(200);
      await api.admin().revokeApiKey(key.apiKeyId).expect(204);
      await api.http().get('/api-keys/current').set(bearer(key.key)).expect(401);
    });

    it('refuses query parameters it does not take', async () => {
      const response = await api.http().get('/api-keys/current?apiKey=x').set(bearer(tenant.key)).expect(400);
      expect(response.body.error.details.fields).toEqual([{ field: 'apiKey', message: 'property apiKey should not exist' }]);
    });
  });

  describe('GET /event-stores/{eventStoreId}/activity', () => {
    let storeId: string;
    const activity = (ref: string, key = tenant.key) => api.http().get(`/event-stores/${ref}/activity`).set(bearer(key));
    const append = (stream: string, count: number) =>
      api
        .http()
        .post(`/event-stores/${storeId}/streams/${stream}`)
        .set(bearer(tenant.key))
        .send({ events: Array.from({ length: count }, (_, i) => ({ type: 'tick', data: { i } })) })
        .expect(200);

    beforeEach(async () => {
      storeId = (await api.createStore(tenant.key, { name: 'busy' }).expect(201)).body.id;
    });

    it('gives 60 one-minute buckets ending with the current minute, all zero for a new store', async () => {
      const before = Date.now();
      const response = await activity(storeId).expect(200);
      const after = Date.now();
      expect(response.body.eventStoreId).toBe(storeId);
      expect(response.body.lastPosition).toBe(0);
      const minutes: { start: string; events: number }[] = response.body.minutes;
      expect(minutes).toHaveLength(60);
      expect(minutes.every((minute) => minute.events === 0)).toBe(true);
      const starts = minutes.map((minute) => Date.parse(minute.start));
      starts.forEach((start, index) => index > 0 && expect(start - starts[index - 1]).toBe(60_000));
      expect(starts.every((start) => start % 60_000 === 0)).toBe(true);
      const current = starts[59];
      expect(current).toBeGreaterThanOrEqual(Math.floor(before / 60_000) * 60_000);
      expect(current).toBeLessThanOrEqual(after);
    });

    it('counts the events appended in each minute as they are appended, by name or id, and gives the newest position', async () => {
      await append('a-1', 3);
      await append('a-2', 2);
      for (const ref of [storeId, 'busy']) {
        const { body } = await activity(ref).expect(200);
        expect(body.lastPosition).toBe(5);
        const minutes: { start: string; events: number }[] = body.minutes;
        // They went in a moment ago (a minute may have turned since).
        expect(minutes.slice(-2).reduce((sum, minute) => sum + minute.events, 0)).toBe(5);
        expect(minutes.reduce((sum, minute) => sum + minute.events, 0)).toBe(5);
      }
    });

    it('reads the hour from the per-minute counts kept at append time, never from the events', async () => {
      await append('a-1', 3);
      const sql = new Client({ connectionString: testApp.database.url });
      await sql.connect();
      let halfAnHourAgo: number;
      try {
        // The events themselves are gone (as if swept): the counts stay, since they count appends.
        await sql.query(`DELETE FROM events WHERE event_store_id = $1`, [storeId]);
        // A minute of the last hour, and an older hour's minute left in the slot of the minute 15 minutes ago.
        const { rows } = await sql.query<{ minute: Date }>(
          `INSERT INTO store_activity (event_store_id, slot, minute, events)
           SELECT $1, div(extract(epoch FROM m)::bigint, 60) % 60, m, n
             FROM (VALUES (date_trunc('minute', now()) - interval '30 minutes', 7),
                          (date_trunc('minute', now()) - interval '75 minutes', 11)) AS v(m, n)
           RETURNING minute`,
          [storeId],
        );
        halfAnHourAgo = rows[0].minute.getTime();
      } finally {
        await sql.end();
      }
      const minutes: { start: string; events: number }[] = (await activity(storeId).expect(200)).body.minutes;
      expect(minutes.find((minute) => Date.parse(minute.start) === halfAnHourAgo)?.events).toBe(7);
      expect(minutes.find((minute) => Date.parse(minute.start) === halfAnHourAgo + 15 * 60_000)?.events).toBe(0);
      expect(minutes.reduce((sum, minute) => sum + minute.events, 0)).toBe(10);
    });

    it('answers 403 to a key without read, and 404 for an unknown or another tenant’s store', async () => {
      const writeOnly = await api.keyFor(tenant.tenantId, ['write']);
      const forbidden = await activity(storeId, writeOnly.key).expect(403);
      expect(forbidden.body.error).toMatchObject({ code: 'FORBIDDEN', details: { requiredScope: 'read' } });

      expect((await activity('nope').expect(404)).body.error.code).toBe('NOT_FOUND');
      const other = await api.tenantWithKey();
      await activity(storeId, other.key).expect(404);
      await activity(storeId, 'esk_unknown').expect(401);
    });

    it('answers 404 once the store is deleted', async () => {
      await api.http().delete(`/event-stores/${storeId}`).set(bearer(tenant.key)).expect(204);
      await activity(storeId).expect(404);
    });
  });
});
