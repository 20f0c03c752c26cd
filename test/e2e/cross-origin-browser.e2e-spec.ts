import { once } from 'node:events';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium, type Page } from 'playwright-core';
import { ApiClient, TenantKey } from '../support/api-client';
import { startTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

/** The system's Chromium, as the console's browser tests use it; playwright-core never downloads one. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A site of its own (an origin: its own port) serving one empty page, from which the browser calls the API. */
async function startSite(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_request, response) =>
    response.setHeader('Content-Type', 'text/html').end('<!doctype html><title>site</title>'),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

interface PageFetch {
  status?: number;
  headers?: Record<string, string | null>;
  failure?: string;
}

/** What a page's `fetch` to the API gets: the answer and the headers a page can read, or the browser's refusal. */
const fetchFrom = (page: Page, url: string, init: { method?: string; headers: Record<string, string>; body?: string }) =>
  page.evaluate(
    async ({ url, init }): Promise<PageFetch> => {
      try {
        const response = await fetch(url, init);
        const names = ['x-request-id', 'x-ratelimit-remaining', 'idempotent-replayed', 'allow'];
        return { status: response.status, headers: Object.fromEntries(names.map((name) => [name, response.headers.get(name)])) };
      } catch (error) {
        return { failure: String(error) };
      }
    },
    { url, init },
  );

/** Whether a page's WebSocket to the API opens and answers a ping. */
const webSocketFrom = (page: Page, url: string) =>
  page.evaluate(
    (url) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(url);
        socket.onopen = () => socket.send(JSON.stringify({ action: 'ping' }));
        socket.onmessage = (message) => {
          resolve(JSON.parse(String(message.data)).type);
          socket.close();
        };
        socket.onclose = (event) => resolve(`closed ${event.code}`);
      }),
    url,
  );

/** Real Chromium holding the service to the CORS standard: what a page on another origin may do, and not. */
describe('A browser page on another origin', () => {
  let allowed: { server: Server; origin: string };
  let other: { server: Server; origin: string };
  let testApp: TestApp;
  let tenant: TenantKey;
  let browser: Browser;
  let apiBase: string;

  beforeAll(async () => {
    [allowed, other] = await Promise.all([startSite(), startSite()]);
    testApp = await startTestApp({ CORS_ALLOWED_ORIGINS: allowed.origin });
    await testApp.listen();
    apiBase = testApp.wsBase().replace('ws://', 'http://');
    const api = new ApiClient(testApp.server);
    tenant = await api.tenantWithKey();
    await api.createStore(tenant.key, { name: 'orders' }).expect(201);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  });
  afterAll(async () => {
    await browser?.close();
    await testApp.close();
    allowed.server.close();
    other.server.close();
  });

  const pageOn = async (origin: string) => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    return page;
  };

  it('appends with a key and an Idempotency-Key from a listed origin, and reads the headers the client needs', async () => {
    const page = await pageOn(allowed.origin);
    const append = () =>
      fetchFrom(page, `${apiBase}/event-stores/orders/streams/order-1`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${tenant.key}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'browser-1' },
        body: JSON.stringify({ events: [{ type: 'order.created', data: {} }] }),
      });
    const first = await append();
    expect(first).toMatchObject({
      status: 200,
      headers: { 'x-request-id': expect.any(String), 'x-ratelimit-remaining': expect.any(String) },
    });
    expect(await append()).toMatchObject({ status: 200, headers: { 'idempotent-replayed': 'true' } });
    // A refusal is readable too, with its Allow.
    expect(await fetchFrom(page, `${apiBase}/event-stores`, { method: 'PUT', headers: { Authorization: `Bearer ${tenant.key}` } })).toEqual(
      {
        status: 405,
        headers: expect.objectContaining({ allow: 'GET, HEAD, POST' }),
      },
    );
    expect(await webSocketFrom(page, `${testApp.wsBase()}/event-stores/orders/events/ws?apiKey=${tenant.key}`)).toBe('pong');
    await page.close();
  });

  it('gets nothing from an origin that is not listed: the preflight and the WebSocket are refused', async () => {
    const page = await pageOn(other.origin);
    const refused = await fetchFrom(page, `${apiBase}/event-stores`, { headers: { Authorization: `Bearer ${tenant.key}` } });
    expect(refused).toEqual({ failure: expect.stringMatching(/TypeError: Failed to fetch/) });
    expect(await webSocketFrom(page, `${testApp.wsBase()}/event-stores/orders/events/ws?apiKey=${tenant.key}`)).toBe('closed 1006');
    await page.close();
  });
});
