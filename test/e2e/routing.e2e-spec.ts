import { once } from 'node:events';
import { connect } from 'node:net';
import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { startTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

/** What Chromium sends when a person opens a URL. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8';

/** The root (`GET /`) and what a known path answers to a method it does not take. */
describe('The root and wrong methods', () => {
  let testApp: TestApp;
  let api: ApiClient;
  let tenant: TenantKey;

  beforeAll(async () => {
    // Long enough that a server waiting for a body would never answer within the test's wait.
    testApp = await startTestApp({ REQUEST_TIMEOUT_MS: '120000' });
    await testApp.listen();
    api = new ApiClient(testApp.server);
    tenant = await api.tenantWithKey();
  });
  afterAll(() => testApp.close());

  describe('GET /', () => {
    it('gives a program (curl’s Accept, or none) the links as JSON, public and uncounted', async () => {
      for (const accept of ['*/*', 'application/json', undefined]) {
        const request = api.http().get('/').set(bearer(tenant.key));
        const response = await (accept ? request.set('Accept', accept) : request).expect(200);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.body).toEqual({
          name: 'Event Store Service',
          links: { console: '/console', docs: '/docs', openApi: '/docs-json', health: '/health', readiness: '/health/ready' },
        });
        expect(response.headers.vary).toMatch(/\bAccept\b/);
        expect(response.headers['x-ratelimit-remaining']).toBeUndefined();
      }
      await api.http().get('/').set('Authorization', 'Bearer not-a-key').expect(200);
    });

    it('gives a browser a page linking the console, the API explorer, the OpenAPI document and health', async () => {
      const response = await api.http().get('/').set('Accept', BROWSER_ACCEPT).expect(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers.vary).toMatch(/\bAccept\b/);
      for (const href of ['/console', '/docs', '/docs-json', '/health']) expect(response.text).toContain(`<a href="${href}">`);
    });

    it('answers HEAD / as GET / without a body', async () => {
      const response = await api.http().head('/').expect(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.text).toBeUndefined();
    });
  });

  describe('a wrong method on a known path', () => {
    it.each([
      ['PUT', '/event-stores', 'GET, HEAD, POST'],
      ['PATCH', '/event-stores/orders/streams/order-1', 'GET, HEAD, POST'],
      ['DELETE', '/health', 'GET, HEAD'],
      ['POST', '/', 'GET, HEAD'],
      ['GET', '/event-stores/orders/query', 'POST'],
      ['POST', '/event-stores/orders/events/ws', 'GET, HEAD'],
      ['PUT', '/Event-Stores/', 'GET, HEAD, POST'],
      ['OPTIONS', '/event-stores/orders', 'GET, HEAD, DELETE'],
    ])('answers %s %s with 405 METHOD_NOT_ALLOWED and Allow: %s, nested envelope', async (method, path, allow) => {
      const response = await api.http()[method.toLowerCase() as 'put'](path).set(bearer(tenant.key)).expect(405);
      expect(response.headers.allow).toBe(allow);
      expect(response.body).toEqual({
        error: {
          code: 'METHOD_NOT_ALLOWED',
          message: expect.stringContaining(allow),
          details: { method, allowedMethods: allow.split(', ') },
        },
      });
    });

    it.each([
      ['GET', '/api/auth/token', 'POST'],
      ['PUT', '/api/event-stores', 'GET, HEAD, POST'],
      ['PATCH', '/api/event-stores/orders/streams/order-1/events', 'GET, HEAD, POST'],
    ])('answers %s %s with 405 and Allow: %s in the flat envelope of /api/', async (method, path, allow) => {
      const response = await api.http()[method.toLowerCase() as 'put'](path).expect(405);
      expect(response.headers.allow).toBe(allow);
      expect(response.body).toEqual({
        error: 'METHOD_NOT_ALLOWED',
        message: expect.stringContaining(allow),
        details: { method, allowedMethods: allow.split(', ') },
      });
    });

    it('answers HEAD on a path that takes only POST with 405 and Allow: POST', async () => {
      const response = await api.http().head('/event-stores/orders/query').expect(405);
      expect(response.headers.allow).toBe('POST');
    });

    it('keeps 404 for a path no route takes, whatever the method', async () => {
      const response = await api.http().put('/no/such/route').set(bearer(tenant.key)).expect(404);
      expect(response.headers.allow).toBeUndefined();
      expect(response.body.error.code).toBe('NOT_FOUND');
    });

    it('decides before authentication: no key is asked for and none is counted', async () => {
      await api.http().put('/event-stores').expect(405);
      await api.http().put('/event-stores').set('Authorization', 'Bearer not-a-key').expect(405);
      const counted = await api.http().put('/event-stores').set(bearer(tenant.key)).expect(405);
      expect(counted.headers['x-ratelimit-remaining']).toBeUndefined();
    });

    it('decides before the body is read, and closes the connection on the unread rest', async () => {
      const { port } = testApp.app.getHttpServer().address() as { port: number };
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString('latin1')));
      const closed = once(socket, 'close');
      // Announces a megabyte and sends five bytes of it: only an answer decided from the headers can come.
      socket.write(
        'PUT /event-stores/orders/streams/order-1 HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          `Authorization: Bearer ${tenant.key}\r\nContent-Length: 1048576\r\n\r\n{"eve`,
      );
      await waitFor(() => received.includes('\r\n\r\n'), { timeoutMs: 30_000, what: 'an answer' });
      expect(received).toMatch(/^HTTP\/1\.1 405 /);
      expect(received).toMatch(/\r\nallow: GET, HEAD, POST\r\n/i);
      expect(received).toMatch(/\r\nconnection: close\r\n/i);
      await closed;
    });
  });
});
