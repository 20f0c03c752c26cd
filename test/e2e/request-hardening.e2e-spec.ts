import { request as httpRequest } from 'node:http';
import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { startTestApp, TestApp } from '../support/test-app';
import { TestSocket } from '../support/ws-client';

/** What a request answered, read off the wire. */
interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: { error?: { code: string; message: string; details: Record<string, unknown> } };
}

/**
 * Requests a client can craft that must not be misread: bytes that are not UTF-8, a store reference
 * no store can have, two credentials in one request; and the headers that keep browsers from
 * sniffing or framing what the API sends.
 */
describe('Requests that must not be misread', () => {
  let testApp: TestApp;
  let api: ApiClient;
  let tenant: TenantKey;
  let other: TenantKey;
  let storeId: string;

  beforeAll(async () => {
    testApp = await startTestApp();
    await testApp.listen();
    api = new ApiClient(testApp.server);
    tenant = await api.tenantWithKey();
    other = await api.tenantWithKey();
    storeId = (await api.createStore(tenant.key, { name: 'hardening' }).expect(201)).body.id;
  });
  afterAll(() => testApp.close());

  const port = () => Number(new URL(testApp.wsBase()).port);

  /** A request with headers given as raw [name, value] pairs (so one name may repeat) and a body of raw bytes. */
  const raw = (method: string, path: string, headers: [string, string][], body?: Buffer) =>
    new Promise<RawAnswer>((resolve, reject) => {
      // Raw headers carry no Host of Node's making: HTTP/1.1 requires one.
      const lines = [['Host', `127.0.0.1:${port()}`], ...headers].flat();
      const outgoing = httpRequest({ host: '127.0.0.1', port: port(), method, path, headers: lines }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text ? JSON.parse(text) : {} }),
        );
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  describe('bodies that are not UTF-8', () => {
    /** An append whose one string holds `byte` where UTF-8 allows no such byte. */
    const withInvalidByte = (byte: number) =>
      Buffer.concat([Buffer.from('{"events":[{"type":"t","data":{"text":"a'), Buffer.from([byte]), Buffer.from('b"}}]}')]);
    const append = (body: Buffer, idempotencyKey: string) =>
      raw(
        'POST',
        `/event-stores/${storeId}/streams/utf8`,
        [
          ['Authorization', `Bearer ${tenant.key}`],
          ['Content-Type', 'application/json'],
          ['Idempotency-Key', idempotencyKey],
        ],
        body,
      );

    it('refuses a body with bytes that are not UTF-8 with 415, storing nothing, whatever its Idempotency-Key', async () => {
      const first = await append(withInvalidByte(0xff), 'utf8-key');
      expect(first.status).toBe(415);
      expect(first.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { fields: [{ field: 'body' }] } });
      // A second body differing only in its invalid byte is refused too, never taken for a replay of the first.
      const second = await append(withInvalidByte(0xfe), 'utf8-key');
      expect(second.status).toBe(415);
      expect(second.headers['idempotent-replayed']).toBeUndefined();
      await api.http().get(`/event-stores/${storeId}/streams/utf8`).set(bearer(tenant.key)).expect(404);
    });

    it('takes the same text in valid UTF-8, multi-byte characters included', async () => {
      const body = Buffer.from(JSON.stringify({ events: [{ type: 't', data: { text: 'a✓b' } }] }));
      expect((await append(body, 'utf8-valid')).status).toBe(200);
      const read = await api.http().get(`/event-stores/${storeId}/streams/utf8`).set(bearer(tenant.key)).expect(200);
      expect(read.body.events[0].data).toEqual({ text: 'a✓b' });
    });
  });

  describe('a store reference with a control character', () => {
    it('is 400 on HTTP routes, never a lookup', async () => {
      const response = await api.http().get('/event-stores/%00/streams/s').set(bearer(tenant.key)).expect(400);
      expect(response.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { fields: [{ field: 'eventStoreId' }] } });
    });

    it('is 400 on a WebSocket upgrade with a valid key, in the error envelope, not a 500', async () => {
      const refusal = await TestSocket.refusal(`${testApp.wsBase()}/event-stores/%00/events/ws?apiKey=${tenant.key}`);
      expect(refusal.status).toBe(400);
      expect(refusal.body).toMatchObject({ error: { code: 'VALIDATION_ERROR', details: { fields: [{ field: 'eventStoreId' }] } } });
    });
  });

  describe('two credentials in one request', () => {
    it('refuses two Authorization headers with 400, answering as neither caller', async () => {
      const response = await raw('GET', '/event-stores', [
        ['Authorization', `Bearer ${tenant.key}`],
        ['Authorization', `Bearer ${other.key}`],
      ]);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { fields: [{ field: 'Authorization' }] } });
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    });

    it('refuses a WebSocket upgrade whose apiKey and Authorization header name different keys, and takes one that names the same twice', async () => {
      const url = `${testApp.wsBase()}/event-stores/${storeId}/events/ws?apiKey=${tenant.key}`;
      const refusal = await TestSocket.refusal(url, bearer(other.key));
      expect(refusal.status).toBe(400);
      expect(refusal.body).toMatchObject({ error: { code: 'VALIDATION_ERROR', details: { fields: [{ field: 'Authorization' }] } } });
      const socket = await TestSocket.open(url, bearer(tenant.key));
      socket.close();
    });
  });

  describe('headers for browsers', () => {
    it('marks every API response nosniff and unframeable, refusals included', async () => {
      for (const response of [
        await api.http().get('/event-stores').set(bearer(tenant.key)).expect(200),
        await api.http().get('/event-stores').expect(401),
        await api.http().get('/health').expect(200),
      ]) {
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['x-frame-options']).toBe('DENY');
      }
    });

    it('keeps the API explorer at /docs from being framed', async () => {
      const response = await api.http().get('/docs').redirects(1).expect(200);
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    });
  });
});
