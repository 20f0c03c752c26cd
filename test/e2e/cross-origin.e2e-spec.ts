import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { startTestApp, TestApp } from '../support/test-app';
import { TestSocket } from '../support/ws-client';

const APP_ORIGIN = 'https://app.example.com';
const OTHER_ORIGIN = 'https://evil.example.net';

/** What a browser sends before an append with a key and an Idempotency-Key from another origin. */
const preflight = (origin: string) => ({
  Origin: origin,
  'Access-Control-Request-Method': 'POST',
  'Access-Control-Request-Headers': 'authorization,content-type,idempotency-key',
});

/** Three API instances: an allow-list, `*`, and the default (no setting). */
describe('Browsers on other origins (CORS_ALLOWED_ORIGINS)', () => {
  describe('with an allow-list', () => {
    let testApp: TestApp;
    let api: ApiClient;
    let tenant: TenantKey;
    const wsUrl = (query = `apiKey=${tenant.key}`) => `${testApp.wsBase()}/event-stores/orders/events/ws?${query}`;

    beforeAll(async () => {
      testApp = await startTestApp({ CORS_ALLOWED_ORIGINS: `${APP_ORIGIN}, http://localhost:5173` });
      await testApp.listen();
      api = new ApiClient(testApp.server);
      tenant = await api.tenantWithKey();
      await api.createStore(tenant.key, { name: 'orders' }).expect(201);
    });
    afterAll(() => testApp.close());

    it('answers an allowed origin’s preflight with 204 and the CORS headers, without a key or a count', async () => {
      const response = await api.http().options('/event-stores/orders/streams/order-1').set(preflight(APP_ORIGIN)).expect(204);
      expect(response.headers).toMatchObject({
        'access-control-allow-origin': APP_ORIGIN,
        'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key, Min-Global-Position, X-Request-Id',
        'access-control-max-age': '600',
      });
      expect(response.headers.vary).toMatch(/\bOrigin\b/);
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(response.headers['x-ratelimit-remaining']).toBeUndefined();
      const other = await api.http().options('/api/event-stores').set(preflight('http://localhost:5173')).expect(204);
      expect(other.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    });

    it('refuses another origin’s preflight with 403 in the envelope of the path, without CORS headers', async () => {
      const nested = await api.http().options('/event-stores/orders/streams/order-1').set(preflight(OTHER_ORIGIN)).expect(403);
      expect(nested.body).toEqual({
        error: { code: 'FORBIDDEN', message: `Origin ${OTHER_ORIGIN} is not in CORS_ALLOWED_ORIGINS`, details: { origin: OTHER_ORIGIN } },
      });
      expect(nested.headers['access-control-allow-origin']).toBeUndefined();
      const flat = await api.http().options('/api/event-stores').set(preflight(OTHER_ORIGIN)).expect(403);
      expect(flat.body).toEqual({ error: 'FORBIDDEN', message: expect.any(String), details: { origin: OTHER_ORIGIN } });
      // Origins are compared exactly, as browsers send them.
      await api
        .http()
        .options('/event-stores')
        .set(preflight(`${APP_ORIGIN}:8443`))
        .expect(403);
      await api.http().options('/event-stores').set(preflight('http://app.example.com')).expect(403);
    });

    it('lets an allowed page read every answer, refusals included, and the headers the client needs', async () => {
      const listed = await api.http().get('/event-stores').set('Origin', APP_ORIGIN).set(bearer(tenant.key)).expect(200);
      expect(listed.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      expect(listed.headers['access-control-expose-headers']).toBe(
        'X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Idempotent-Replayed, Allow',
      );
      expect(listed.headers.vary).toMatch(/\bOrigin\b/);

      const appended = () =>
        api
          .http()
          .post('/event-stores/orders/streams/order-1')
          .set('Origin', APP_ORIGIN)
          .set(bearer(tenant.key))
          .set('Idempotency-Key', 'cors-1')
          .send({ events: [{ type: 'order.created', data: {} }] })
          .expect(200);
      await appended();
      const replayed = await appended();
      expect(replayed.headers['idempotent-replayed']).toBe('true');
      expect(replayed.headers['access-control-allow-origin']).toBe(APP_ORIGIN);

      const unauthorized = await api.http().get('/event-stores').set('Origin', APP_ORIGIN).expect(401);
      expect(unauthorized.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      const wrongMethod = await api.http().put('/event-stores').set('Origin', APP_ORIGIN).expect(405);
      expect(wrongMethod.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      const missing = await api.http().get('/no/such/route').set('Origin', APP_ORIGIN).expect(404);
      expect(missing.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      // An OPTIONS that is no preflight is a request like any other: the path does not take it.
      const options = await api.http().options('/event-stores').set('Origin', APP_ORIGIN).expect(405);
      expect(options.headers).toMatchObject({ allow: 'GET, HEAD, POST', 'access-control-allow-origin': APP_ORIGIN });
    });

    it('serves other origins and programs as before, without CORS headers (the browser keeps the answer from the page)', async () => {
      const other = await api.http().get('/event-stores').set('Origin', OTHER_ORIGIN).set(bearer(tenant.key)).expect(200);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const program = await api.http().get('/event-stores').set(bearer(tenant.key)).expect(200);
      expect(program.headers['access-control-allow-origin']).toBeUndefined();
      expect(program.headers['access-control-expose-headers']).toBeUndefined();
    });

    it('applies the same list to WebSocket upgrades: another origin gets 403 before its key is looked at', async () => {
      const refused = await TestSocket.refusal(wsUrl(), { Origin: OTHER_ORIGIN });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        error: { code: 'FORBIDDEN', message: `Origin ${OTHER_ORIGIN} is not in CORS_ALLOWED_ORIGINS`, details: { origin: OTHER_ORIGIN } },
      });
      expect(refused.headers['x-ratelimit-remaining']).toBeUndefined();
      expect((await TestSocket.refusal(wsUrl('apiKey=esk_wrong'), { Origin: OTHER_ORIGIN })).status).toBe(403);

      for (const headers of [{ Origin: APP_ORIGIN }, {}] as Record<string, string>[]) {
        const socket = await TestSocket.open(wsUrl(), headers);
        socket.ws.close();
        await socket.closed;
      }
    });
  });

  describe('with *', () => {
    let testApp: TestApp;
    let api: ApiClient;

    beforeAll(async () => {
      testApp = await startTestApp({ CORS_ALLOWED_ORIGINS: '*' });
      api = new ApiClient(testApp.server);
    });
    afterAll(() => testApp.close());

    it('lets every origin in with Access-Control-Allow-Origin: *', async () => {
      const response = await api.http().options('/event-stores').set(preflight(OTHER_ORIGIN)).expect(204);
      expect(response.headers['access-control-allow-origin']).toBe('*');
      const health = await api.http().get('/health').set('Origin', OTHER_ORIGIN).expect(200);
      expect(health.headers['access-control-allow-origin']).toBe('*');
    });
  });

  describe('unset (the default)', () => {
    let testApp: TestApp;
    let api: ApiClient;
    let tenant: TenantKey;
    const wsUrl = () => `${testApp.wsBase()}/event-stores/orders/events/ws?apiKey=${tenant.key}`;

    beforeAll(async () => {
      testApp = await startTestApp();
      await testApp.listen();
      api = new ApiClient(testApp.server);
      tenant = await api.tenantWithKey();
      await api.createStore(tenant.key, { name: 'orders' }).expect(201);
    });
    afterAll(() => testApp.close());

    it('refuses every preflight with 403 naming the setting, and adds no CORS header anywhere', async () => {
      const response = await api.http().options('/event-stores').set(preflight(APP_ORIGIN)).expect(403);
      expect(response.body.error).toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/CORS_ALLOWED_ORIGINS is not set/) });
      const listed = await api.http().get('/event-stores').set('Origin', APP_ORIGIN).set(bearer(tenant.key)).expect(200);
      expect(listed.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('refuses a WebSocket from another origin, and lets in its own origin (the console) and programs', async () => {
      expect((await TestSocket.refusal(wsUrl(), { Origin: APP_ORIGIN })).status).toBe(403);
      expect((await TestSocket.refusal(wsUrl(), { Origin: 'null' })).status).toBe(403);
      // The console is served by the API itself: its page's origin is the host the upgrade is sent to.
      const own = testApp.wsBase().replace('ws://', 'http://');
      for (const headers of [{ Origin: own }, {}] as Record<string, string>[]) {
        const socket = await TestSocket.open(wsUrl(), headers);
        socket.ws.close();
        await socket.closed;
      }
    });
  });
});
