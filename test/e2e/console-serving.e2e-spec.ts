import Fastify from 'fastify';
import { get, type IncomingHttpHeaders } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { CONSOLE_DIRECTORY, serveConsole } from '../../src/console/serve-console';
import { createOpenApiDocument } from '../../src/openapi/openapi-document';
import { ApiClient, bearer } from '../support/api-client';
import { startTestApp, TestApp } from '../support/test-app';

/**
 * The API serves the web console's build (console/dist, made by `npm run build`) at /console:
 * outside the API's authentication, its OpenAPI document and its query checks, without taking
 * anything from the API's own answers.
 */
describe('The web console as the API serves it', () => {
  let testApp: TestApp;
  let api: ApiClient;
  let index: string;

  beforeAll(async () => {
    if (!existsSync(path.join(CONSOLE_DIRECTORY, 'index.html'))) {
      throw new Error(`${CONSOLE_DIRECTORY} has no build: run npm run build (npm test does) before this suite`);
    }
    index = readFileSync(path.join(CONSOLE_DIRECTORY, 'index.html'), 'utf8');
    testApp = await startTestApp();
    api = new ApiClient(testApp.server);
  });
  afterAll(() => testApp.close());

  const html = (response: { headers: Record<string, string>; text: string }) => {
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toBe(index);
  };

  it('answers /console and every path below it with index.html, uncached, under a strict content security policy', async () => {
    for (const url of [
      '/console',
      '/console/',
      '/console/stores',
      '/console/stores/orders/streams/order%2F1001?order=oldest&event=3',
      '/console/stores/orders/subscriptions/sub_1',
      '/console/anything/at/all?x=1',
    ]) {
      const response = await api.http().get(url).expect(200);
      html(response);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      // Its own origin only (which covers its WebSockets): a script injected into the page could not send the key elsewhere.
      expect(response.headers['content-security-policy']).toMatch(/(^|; )connect-src 'self'(;|$)/);
      expect(response.headers['x-request-id']).toBeDefined();
      expect(response.headers['x-ratelimit-limit']).toBeUndefined();
    }
    await api.http().head('/console/stores').expect(200);
  });

  it('needs no credentials and ignores bad ones: the page holds no secret', async () => {
    html(await api.http().get('/console/stores').set(bearer('esk_not-a-key')).expect(200));
  });

  it('serves the built assets with long caching, gzip-compressed when the browser takes it', async () => {
    // Plain node:http gives the bytes as sent (supertest would unzip them).
    await testApp.listen();
    const base = testApp.wsBase().replace('ws:', 'http:');
    const assets = [...index.matchAll(/(?:src|href)="\/console\/(assets\/[^"]+)"/g)].map((match) => match[1]);
    expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
    for (const asset of assets) {
      const file = readFileSync(path.join(CONSOLE_DIRECTORY, asset));
      const plain = await rawGet(`${base}/console/${asset}`, { 'accept-encoding': 'identity' });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.headers['content-type']).toMatch(asset.endsWith('.js') ? /javascript/ : /css/);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(Buffer.compare(plain.body, file)).toBe(0);

      const gzipped = await rawGet(`${base}/console/${asset}`, { 'accept-encoding': 'gzip, deflate' });
      expect(gzipped.statusCode).toBe(200);
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
      expect(Buffer.compare(gunzipSync(gzipped.body), file)).toBe(0);
    }
  });

  it('answers a missing asset with 404 in the error envelope, never with the page', async () => {
    const response = await api.http().get('/console/assets/missing-0123.js').expect(404);
    expect(response.body.error).toMatchObject({ code: 'NOT_FOUND' });
    const traversal = await api.http().get('/console/assets/..%2f..%2fpackage.json');
    expect(traversal.text).not.toContain('"workspaces"');
  });

  it('leaves the API alone: unknown paths keep their 404 envelope, and the OpenAPI document has no console route', async () => {
    for (const url of ['/consoles', '/console-x', '/event-stores-nope', '/api/console']) {
      const response = await api.http().get(url).expect(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.stringify(response.body)).toContain('NOT_FOUND');
    }
    const document = createOpenApiDocument(testApp.app);
    expect(Object.keys(document.paths).filter((route) => route.toLowerCase().includes('console'))).toEqual([]);
    const served = await api.http().get('/docs-json').expect(200);
    expect(Object.keys(served.body.paths).filter((route: string) => route.toLowerCase().includes('console'))).toEqual([]);
  });

  it('says the console is not built, in the 404 envelope, when there is no build to serve', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'console-unbuilt-'));
    const fastify = Fastify();
    try {
      serveConsole(fastify, empty);
      const address = await fastify.listen({ port: 0, host: '127.0.0.1' });
      const response = await rawGet(`${address}/console/stores`);
      expect(response.statusCode).toBe(404);
      expect(JSON.parse(response.body.toString('utf8'))).toEqual({
        error: { code: 'NOT_FOUND', message: 'The web console is not built: run npm run build', details: {} },
      });
    } finally {
      await fastify.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

/** A GET with node:http: the status, headers and body bytes exactly as the server sent them. */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ statusCode: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}
