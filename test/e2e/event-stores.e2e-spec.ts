import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { startTestApp, TestApp } from '../support/test-app';

const ISO_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const fieldsOf = (body: { error: { details: { fields: { field: string }[] } } }) =>
  body.error.details.fields.map((problem) => problem.field).sort();

describe('Event stores', () => {
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

  describe('family A (API key)', () => {
    it('creates a store with 201 and every documented field', async () => {
      const response = await api
        .createStore(tenant.key, {
          name: 'orders',
          description: 'Order events',
          region: 'eu-west-1',
          settings: { retentionPeriodDays: 7.5, maxStreamSizeBytes: 1048576 },
        })
        .expect(201);
      expect(response.body).toEqual({
        id: expect.stringMatching(/^es_[0-9a-f]{24}$/),
        name: 'orders',
        description: 'Order events',
        region: 'eu-west-1',
        status: 'active',
        createdAt: expect.stringMatching(ISO_MILLIS),
        updatedAt: expect.stringMatching(ISO_MILLIS),
        settings: { retentionPeriodDays: 7.5, maxStreamSizeBytes: 1048576 },
      });
    });

    it('fills defaults for optional fields', async () => {
      const response = await api.createStore(tenant.key, { name: 'bare' }).expect(201);
      expect(response.body).toMatchObject({
        description: '',
        region: 'default',
        settings: { retentionPeriodDays: null, maxStreamSizeBytes: null },
      });
    });

    it('lists every failing field of an invalid create in one 400', async () => {
      const response = await api
        .createStore(tenant.key, {
          name: 'Bad Name',
          description: 'x'.repeat(256),
          region: '',
          settings: { retentionPeriodDays: -1, maxStreamSizeBytes: 1.5 },
        })
        .expect(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      expect(fieldsOf(response.body)).toEqual(
        expect.arrayContaining(['description', 'name', 'region', 'settings.maxStreamSizeBytes', 'settings.retentionPeriodDays']),
      );
    });

    it.each([
      ['too short', 'ab'],
      ['too long', 'a'.repeat(64)],
      ['uppercase', 'Orders'],
      ['reserved id prefix', 'es_orders'],
      ['a slash', 'a/b'],
      ['missing', undefined],
    ])('rejects a name that is %s', async (_case, name) => {
      const response = await api.createStore(tenant.key, { name }).expect(400);
      expect(fieldsOf(response.body)).toContain('name');
    });

    it('accepts names at the bounds of the rule', async () => {
      await api.createStore(tenant.key, { name: 'abc' }).expect(201);
      await api.createStore(tenant.key, { name: `a-${'b_'.repeat(30)}c` }).expect(201);
    });

    it('refuses a duplicate name in the tenant with 409, but allows it in another tenant', async () => {
      await api.createStore(tenant.key, { name: 'payments' }).expect(201);
      const duplicate = await api.createStore(tenant.key, { name: 'payments' }).expect(409);
      expect(duplicate.body.error).toEqual({
        code: 'EVENT_STORE_ALREADY_EXISTS',
        message: expect.any(String),
        details: { name: 'payments' },
      });
      const other = await api.tenantWithKey();
      await api.createStore(other.key, { name: 'payments' }).expect(201);
    });

    it('lets exactly one of concurrent creates of one name win', async () => {
      const results = await Promise.all(Array.from({ length: 8 }, () => api.createStore(tenant.key, { name: 'contested' })));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    });

    it('gets a store by id and by name, with statistics of an empty store', async () => {
      const created = await api.createStore(tenant.key, { name: 'inventory', settings: { maxStreamSizeBytes: 4096 } }).expect(201);
      for (const ref of [created.body.id, 'inventory']) {
        const response = await api.http().get(`/event-stores/${ref}`).set(bearer(tenant.key)).expect(200);
        expect(response.body).toEqual({
          ...created.body,
          statistics: { totalStreams: 0, totalEvents: 0, databaseSizeBytes: 0, oldestEventTimestamp: null, newestEventTimestamp: null },
        });
      }
    });

    it('answers 404 NOT_FOUND for an unknown store', async () => {
      const response = await api.http().get('/event-stores/es_000000000000000000000000').set(bearer(tenant.key)).expect(404);
      expect(response.body).toEqual({
        error: { code: 'NOT_FOUND', message: expect.any(String), details: { eventStoreId: 'es_000000000000000000000000' } },
      });
    });

    it('refuses to delete without the admin scope, keeping the store', async () => {
      await api.createStore(tenant.key, { name: 'kept' }).expect(201);
      const reader = await api.keyFor(tenant.tenantId, ['read', 'write']);
      await api.http().delete('/event-stores/kept').set(bearer(reader.key)).expect(403);
      await api.http().get('/event-stores/kept').set(bearer(tenant.key)).expect(200);
    });

    it('deletes with 204, after which the store is gone', async () => {
      const created = await api.createStore(tenant.key, { name: 'short-lived' }).expect(201);
      const deleted = await api.http().delete(`/event-stores/${created.body.id}`).set(bearer(tenant.key)).expect(204);
      expect(deleted.text).toBe('');
      await api.http().get(`/event-stores/${created.body.id}`).set(bearer(tenant.key)).expect(404);
      await api.http().delete('/event-stores/short-lived').set(bearer(tenant.key)).expect(404);
      await api.createStore(tenant.key, { name: 'short-lived' }).expect(201);
    });

    describe('listing', () => {
      const names = ['alpha', 'beta_one', 'betaxone', 'gamma', 'delta-beta'];
      beforeEach(async () => {
        for (const name of names) await api.createStore(tenant.key, { name }).expect(201);
      });
      const list = (query: Record<string, string | number>) => api.http().get('/event-stores').query(query).set(bearer(tenant.key));

      it('lists oldest first with the default page', async () => {
        const response = await list({}).expect(200);
        expect(response.body).toMatchObject({ totalCount: 5, limit: 50, offset: 0 });
        expect(response.body.eventStores.map((s: { name: string }) => s.name)).toEqual(names);
        expect(Object.keys(response.body.eventStores[0]).sort()).toEqual([
          'createdAt',
          'description',
          'id',
          'name',
          'region',
          'settings',
          'status',
          'updatedAt',
        ]);
      });

      it('pages with limit and offset, keeping the total', async () => {
        const response = await list({ limit: 2, offset: 2 }).expect(200);
        expect(response.body).toMatchObject({ totalCount: 5, limit: 2, offset: 2 });
        expect(response.body.eventStores.map((s: { name: string }) => s.name)).toEqual(['betaxone', 'gamma']);
        expect((await list({ offset: 10 }).expect(200)).body.eventStores).toEqual([]);
      });

      it('filters by a case-insensitive substring of the name, taking _ literally', async () => {
        const beta = await list({ filter: 'BETA' }).expect(200);
        expect(beta.body.eventStores.map((s: { name: string }) => s.name)).toEqual(['beta_one', 'betaxone', 'delta-beta']);
        expect(beta.body.totalCount).toBe(3);
        const underscore = await list({ filter: 'a_o' }).expect(200);
        expect(underscore.body.eventStores.map((s: { name: string }) => s.name)).toEqual(['beta_one']);
        expect((await list({ filter: '%' }).expect(200)).body.totalCount).toBe(0);
      });

      it('rejects limits outside 1-1000 and negative offsets', async () => {
        for (const query of [
          { limit: 0 },
          { limit: 1001 },
          { limit: 'many' },
          { offset: -1 },
          { offset: '1e20' },
          { offset: 1_000_000_001 },
        ] as Record<string, string | number>[]) {
          const response = await list(query).expect(400);
          expect(response.body.error.code).toBe('VALIDATION_ERROR');
        }
        await list({ limit: 1000 }).expect(200);
      });

      it("never shows another tenant's stores", async () => {
        const other = await api.tenantWithKey();
        await api.createStore(other.key, { name: 'theirs' }).expect(201);
        const response = await list({ filter: 'theirs' }).expect(200);
        expect(response.body.totalCount).toBe(0);
      });
    });
  });

  describe('family B (JWT)', () => {
    let token: string;
    beforeEach(async () => {
      token = await api.accessToken(tenant.key);
    });

    it('creates (201), lists, gets (200) and deletes (204) stores by name', async () => {
      const created = await api
        .http()
        .post('/api/event-stores')
        .set(bearer(token))
        .send({ name: 'ledger', description: 'Ledger' })
        .expect(201);
      expect(created.body).toMatchObject({ id: expect.stringMatching(/^es_/), name: 'ledger', status: 'active' });

      const list = await api.http().get('/api/event-stores').set(bearer(token)).expect(200);
      expect(list.body).toEqual({ eventStores: [created.body], totalCount: 1, limit: 50, offset: 0 });

      const one = await api.http().get('/api/event-stores/ledger').set(bearer(token)).expect(200);
      expect(one.body).toEqual({ ...created.body, statistics: expect.objectContaining({ totalEvents: 0, totalStreams: 0 }) });

      await api.http().delete('/api/event-stores/ledger').set(bearer(token)).expect(204);
      await api.http().get('/api/event-stores/ledger').set(bearer(token)).expect(404);
    });

    it('reaches the same stores as family A', async () => {
      const viaA = await api.createStore(tenant.key, { name: 'shared' }).expect(201);
      const viaB = await api.http().get('/api/event-stores/shared').set(bearer(token)).expect(200);
      expect(viaB.body.id).toBe(viaA.body.id);
    });

    it('renders its errors in the flat envelope', async () => {
      await api.http().post('/api/event-stores').set(bearer(token)).send({ name: 'twice' }).expect(201);
      const conflict = await api.http().post('/api/event-stores').set(bearer(token)).send({ name: 'twice' }).expect(409);
      expect(conflict.body).toEqual({ error: 'EVENT_STORE_ALREADY_EXISTS', message: expect.any(String), details: { name: 'twice' } });

      const invalid = await api.http().post('/api/event-stores').set(bearer(token)).send({ name: 'X' }).expect(400);
      expect(invalid.body).toEqual({
        error: 'VALIDATION_ERROR',
        message: expect.any(String),
        details: { fields: [expect.objectContaining({ field: 'name' })] },
      });

      const missing = await api.http().get('/api/event-stores/nowhere').set(bearer(token)).expect(404);
      expect(missing.body).toEqual({ error: 'NOT_FOUND', message: expect.any(String), details: { eventStoreId: 'nowhere' } });
    });

    it('needs the admin scope to create and delete, read to list and get', async () => {
      await api.http().post('/api/event-stores').set(bearer(token)).send({ name: 'guarded' }).expect(201);
      const reader = await api.keyFor(tenant.tenantId, ['read']);
      const readerToken = await api.accessToken(reader.key);
      await api.http().get('/api/event-stores').set(bearer(readerToken)).expect(200);
      await api.http().get('/api/event-stores/guarded').set(bearer(readerToken)).expect(200);
      const refused = await api.http().post('/api/event-stores').set(bearer(readerToken)).send({ name: 'nope' }).expect(403);
      expect(refused.body.error).toBe('FORBIDDEN');
      await api.http().delete('/api/event-stores/guarded').set(bearer(readerToken)).expect(403);
      await api.http().get('/api/event-stores/guarded').set(bearer(token)).expect(200);
    });

    it('pages and validates its list like family A', async () => {
      for (const name of ['one', 'two', 'three'])
        await api
          .http()
          .post('/api/event-stores')
          .set(bearer(token))
          .send({ name: `page-${name}` })
          .expect(201);
      const page = await api.http().get('/api/event-stores').query({ limit: 1, offset: 1 }).set(bearer(token)).expect(200);
      expect(page.body).toMatchObject({ totalCount: 3, limit: 1, offset: 1, eventStores: [expect.objectContaining({ name: 'page-two' })] });
      const invalid = await api.http().get('/api/event-stores').query({ limit: 1001 }).set(bearer(token)).expect(400);
      expect(invalid.body.error).toBe('VALIDATION_ERROR');
    });
  });
});
