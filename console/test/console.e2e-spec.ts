import type { Page } from 'playwright-core';
import { RunningApi } from '../../client/test/harness';
import { type EventStore, EventStoreClient, verifyWebhook } from '../../client/src/index.js';
import type { TenantKey } from '../../test/support/api-client';
import { type Browser, launchChromium, screenshot } from './browser';
import type { ServiceProcess } from '../../test/support/service-process';
import { waitFor } from '../../test/support/wait-for';
import { WebhookReceiver } from '../../test/support/webhook-receiver';

/**
 * The web console in Debian's Chromium against the built API (dist/main.js) and worker: a person's
 * steps, finding everything by role and accessible name, checked against what the API then holds.
 * The steps build on each other (the store created first is the one appended to, queried, tailed).
 */
jest.setTimeout(60_000);

const STORE = 'orders';

describe('The web console in Chromium', () => {
  let service: RunningApi;
  let worker: ServiceProcess;
  let admin: TenantKey;
  let readOnly: TenantKey;
  let browser: Browser;
  let page: Page;
  let receiver: WebhookReceiver;
  let orders: EventStore;

  const consoleUrl = (path = '') => `${service.url}/console${path}`;
  const heading = (name: string, level?: number) => page.getByRole('heading', { name, exact: true, ...(level && { level }) });
  const alert = (from: Page = page) => from.getByRole('alert');
  const textOf = async (locator: ReturnType<Page['locator']>) => (await locator.textContent()) ?? '';

  async function signIn(target: Page, key: string) {
    await target.getByRole('heading', { name: 'Sign in' }).waitFor();
    await target.getByLabel('API key').fill(key);
    await target.getByRole('button', { name: 'Sign in' }).click();
  }

  beforeAll(async () => {
    [service, browser, receiver] = await Promise.all([RunningApi.start(), launchChromium(), WebhookReceiver.start()]);
    worker = await service.startWorker();
    admin = await service.tenantWithKey(['read', 'write', 'admin']);
    readOnly = await service.api.keyFor(admin.tenantId, ['read']);
    orders = new EventStoreClient({ baseUrl: service.url, apiKey: admin.key }).store(STORE);
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await worker?.stop();
    await service?.stop();
  });

  it('signs in with an API key kept in the tab, never in the URL, refuses a wrong one and signs out', async () => {
    await page.goto(consoleUrl());
    await signIn(page, 'esk_not-a-key');
    await alert().waitFor();
    expect(await textOf(alert())).toContain('UNAUTHORIZED');
    await screenshot(page, 'sign-in');

    await signIn(page, admin.key);
    await heading('Event stores').waitFor();
    expect(page.url()).toBe(consoleUrl('/stores'));
    expect(await page.evaluate(() => Object.values(sessionStorage))).toEqual([admin.key]);
    expect(await textOf(page.locator('header'))).toContain('admin');
    await page.getByText('No stores yet.').waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await heading('Sign in').waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await signIn(page, admin.key);
    await heading('Event stores').waitFor();
  });

  it('creates a store', async () => {
    await page.getByLabel('Name', { exact: true }).fill(STORE);
    await page.getByLabel('Description').fill('Order lifecycle events');
    await page.getByLabel('Retention (days)').fill('30');
    await page.getByRole('button', { name: 'Create store' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Created the store ${STORE}.` })
      .waitFor();
    await page.getByRole('table', { name: 'Event stores' }).getByRole('link', { name: STORE }).waitFor();

    const created = await orders.details();
    expect(created).toMatchObject({ name: STORE, description: 'Order lifecycle events', settings: { retentionPeriodDays: 30 } });
  });

  it('appends through the form, shows the event and its JSON, and shows a version conflict plainly', async () => {
    await page.getByRole('link', { name: STORE, exact: true }).click();
    await heading('Overview').waitFor();
    await page.getByRole('navigation', { name: 'Store sections' }).getByRole('link', { name: 'Streams' }).click();
    await page.getByText('This store has no streams yet.').waitFor();
    await page.getByLabel('Stream id').fill('order-1001');
    await page.getByRole('button', { name: 'Open stream' }).click();
    await page.getByText('This stream has no events yet.').waitFor();
    expect(await page.getByLabel('Expected version').inputValue()).toBe('no_stream');

    await page.getByLabel('Event type').fill('order.created');
    await page.getByLabel('Data (JSON)').fill('{ "total": 42, "lines": [{ "sku": "A-1", "quantity": 2 }] }');
    await page.getByLabel('Metadata (JSON, optional)').fill('{ "correlationId": "c-1" }');
    await page.getByLabel('Tags (comma-separated, optional)').fill('customer:c-7');
    await page.getByRole('button', { name: 'Append event' }).click();
    await page.getByRole('status').filter({ hasText: 'Appended order.created at stream position 0' }).waitFor();

    const row = page.getByRole('table', { name: 'Events of order-1001' }).getByRole('row').filter({ hasText: 'order.created' });
    await row.waitFor();
    const viewer = page.getByRole('region', { name: 'Event 1: order.created' });
    await viewer.waitFor();
    const data = await textOf(viewer.getByRole('group', { name: 'Event data' }));
    expect(data).toContain('total: 42');
    expect(data).toContain('sku: "A-1"');
    expect(await textOf(viewer.getByRole('group', { name: 'Event metadata' }))).toContain('correlationId: "c-1"');
    expect(await textOf(viewer)).toContain('customer:c-7');
    const [stored] = await all(orders.readStream('order-1001'));
    expect(stored).toMatchObject({
      type: 'order.created',
      data: { total: 42 },
      metadata: { correlationId: 'c-1' },
      tags: ['customer:c-7'],
    });
    expect(await textOf(viewer)).toContain(stored.eventId);
    await screenshot(page, 'stream');

    // Someone else appends: the form still expects version 1, as the page showed it.
    await orders.appendToStream('order-1001', [{ type: 'order.paid', data: { amount: 42 } }]);
    expect(await page.getByLabel('Expected version').inputValue()).toBe('1');
    await page.getByLabel('Event type').fill('order.cancelled');
    await page.getByLabel('Data (JSON)').fill('{}');
    await page.getByRole('button', { name: 'Append event' }).click();
    const conflict = alert().filter({ hasText: 'Version conflict' });
    await conflict.waitFor();
    expect(await textOf(conflict)).toMatch(/you expected version 1, but the stream is at version 2.*VERSION_CONFLICT/);
    expect((await all(orders.readStream('order-1001'))).map((event) => event.type)).toEqual(['order.created', 'order.paid']);
    await screenshot(page, 'version-conflict');

    await page.getByRole('button', { name: 'Show the new events and expect version 2' }).click();
    await page.getByRole('table', { name: 'Events of order-1001' }).getByRole('link', { name: 'order.paid' }).waitFor();
    await page.getByRole('button', { name: 'Append event' }).click();
    await page.getByRole('status').filter({ hasText: 'Appended order.cancelled at stream position 2' }).waitFor();
    expect((await all(orders.readStream('order-1001'))).map((event) => event.type)).toEqual([
      'order.created',
      'order.paid',
      'order.cancelled',
    ]);
  });

  it('reloads a deep link to the same view, and opens it after signing in in a new tab', async () => {
    const deepLink = consoleUrl('/stores/orders/streams/order-1001?order=oldest&event=1');
    await page.goto(deepLink);
    await page.getByRole('region', { name: 'Event 2: order.paid' }).waitFor();
    await page.reload();
    await page.getByRole('region', { name: 'Event 2: order.paid' }).waitFor();
    expect(page.url()).toBe(deepLink);
    expect(await page.getByLabel('Order', { exact: true }).inputValue()).toBe('oldest');

    const tab = await browser.newPage();
    await tab.goto(deepLink);
    await signIn(tab, admin.key);
    await tab.getByRole('region', { name: 'Event 2: order.paid' }).waitFor();
    expect(tab.url()).toBe(deepLink);
    await tab.close();
  });

  it('tails live events over the WebSocket: one appended through the API within 1 s, and every one across a pause', async () => {
    await page.getByRole('navigation', { name: 'Store sections' }).getByRole('link', { name: 'Live' }).click();
    const status = page.getByRole('status').filter({ hasText: /Live:|Paused:|Connecting|Connection lost/ });
    await status.filter({ hasText: 'Live: connected' }).waitFor();
    const table = page.getByRole('table', { name: 'Live events' });

    const started = Date.now();
    const { globalPosition: first } = await orders.appendToStream('order-1002', [{ type: 'order.created', data: { total: 7 } }]);
    await table.getByRole('row').filter({ hasText: 'order-1002' }).waitFor({ timeout: 1000 });
    expect(Date.now() - started).toBeLessThan(1000);

    await page.getByRole('button', { name: 'Pause' }).click();
    for (const type of ['order.paid', 'order.packed', 'order.shipped']) await orders.appendToStream('order-1002', [{ type, data: {} }]);
    await status.filter({ hasText: 'Paused: 3 new events held' }).waitFor();
    expect(await table.getByRole('row').count()).toBe(2); // the header and the first event
    await screenshot(page, 'live-paused');
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByText('Resumed: 3 events that arrived while paused are shown.').waitFor();
    expect(await livePositions(page)).toEqual([first + 3, first + 2, first + 1, first]);

    // The server restarts: the tail reconnects after the last event it showed, missing none.
    const lost = status.filter({ hasText: 'Connection lost' }).waitFor({ timeout: 20_000 });
    await service.restart();
    await lost;
    await status.filter({ hasText: 'Live: connected' }).waitFor({ timeout: 15_000 });
    const { globalPosition: afterRestart } = await orders.appendToStream('order-1003', [{ type: 'order.created', data: {} }]);
    await table.getByRole('row').filter({ hasText: 'order-1003' }).waitFor();
    expect(await livePositions(page)).toEqual([afterRestart, first + 3, first + 2, first + 1, first]);
    await screenshot(page, 'live');
  });

  it('lists the live tail among the connections and closes it, after which it reconnects', async () => {
    const tail = page; // on the Live view
    const admin2 = await browser.newPage();
    await admin2.goto(consoleUrl(`/stores/${STORE}/connections`));
    await signIn(admin2, admin.key);
    const clientId = (await textOf(tail.getByText(/^Client id/).locator('code'))).trim();
    const row = admin2
      .getByRole('table', { name: `Open connections to ${STORE}` })
      .getByRole('row')
      .filter({ hasText: clientId });
    await row.waitFor();
    await screenshot(admin2, 'connections');
    const connectionOf = async () =>
      (await all(orders.listWebSocketConnections())).find((connection) => connection.clientId === clientId)?.connectionId;
    const closed = await connectionOf();
    expect(await textOf(row)).toContain(closed!);
    await row.getByRole('button', { name: `Close client ${clientId}` }).click();
    await admin2
      .getByRole('dialog', { name: `Close the connections of ${clientId}?` })
      .getByRole('button', { name: 'Close connections' })
      .click();
    await admin2
      .getByRole('status')
      .filter({ hasText: `Closed 1 connection of client '${clientId}'` })
      .waitFor();
    // The tail opens a new connection by itself, under the same client id.
    await waitFor(async () => ![undefined, closed].includes(await connectionOf()), {
      timeoutMs: 15_000,
      what: 'a new connection of the tail',
    });
    await tail.getByRole('status').filter({ hasText: 'Live: connected' }).waitFor();
    const { globalPosition } = await orders.appendToStream('order-1004', [{ type: 'order.created', data: {} }]);
    await tail.getByRole('table', { name: 'Live events' }).getByRole('row').filter({ hasText: 'order-1004' }).waitFor();
    expect((await livePositions(tail))[0]).toBe(globalPosition);
    await admin2.close();
  });

  it('runs a DCB query built of items and shows the matching events and lastPosition', async () => {
    const append = async (type: string, data: Record<string, unknown>) => {
      const tags = Object.entries(data)
        .filter(([field]) => field.endsWith('Id'))
        .map(([field, id]) => `${field.slice(0, -2)}:${String(id)}`);
      return (await orders.appendEvents([{ type, data, tags }])).lastPosition;
    };
    const c1 = await append('course.defined', { courseId: 'c1', capacity: 30 });
    const s1c1 = await append('student.subscribed', { courseId: 'c1', studentId: 's1' });
    await append('course.defined', { courseId: 'c2', capacity: 12 });
    const s1c2 = await append('student.subscribed', { courseId: 'c2', studentId: 's1' });
    await append('student.subscribed', { courseId: 'c2', studentId: 's2' });

    await page.getByRole('navigation', { name: 'Store sections' }).getByRole('link', { name: 'Query' }).click();
    await heading('Query (DCB)').waitFor();
    await page.getByRole('group', { name: 'Item 1' }).getByLabel('Types').fill('course.defined, student.subscribed');
    await page.getByRole('group', { name: 'Item 1' }).getByLabel('Tags').fill('course:c1');
    await page.getByRole('button', { name: 'Run query' }).click();
    await page.getByRole('table', { name: 'Matching events' }).waitFor();
    expect(await queryPositions(page)).toEqual([c1, s1c1]);
    expect(await textOf(page.getByTestId('last-position'))).toBe(String(s1c1));

    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByRole('group', { name: 'Item 2' }).getByLabel('Types').fill('student.subscribed');
    await page.getByRole('group', { name: 'Item 2' }).getByLabel('Tags').fill('student:s1');
    await page.getByRole('button', { name: 'Run query' }).click();
    await waitFor(async () => (await queryPositions(page)).length === 3, { what: 'three matching events' });
    const expected = await all(
      orders.queryEvents({
        items: [
          { types: ['course.defined', 'student.subscribed'], tags: ['course:c1'] },
          { types: ['student.subscribed'], tags: ['student:s1'] },
        ],
      }),
    );
    expect(expected.map((event) => event.globalPosition)).toEqual([c1, s1c1, s1c2]);
    expect(await queryPositions(page)).toEqual([c1, s1c1, s1c2]);
    expect(await textOf(page.getByTestId('last-position'))).toBe(String(s1c2));
    await page.getByRole('table', { name: 'Matching events' }).getByRole('button', { name: 'student.subscribed' }).first().click();
    await page.getByRole('region', { name: `Event ${s1c1}: student.subscribed` }).waitFor();
    await screenshot(page, 'query');
  });

  it('replays a failing webhook’s dead letter from the UI, which a real receiver then gets, signed with the secret shown once', async () => {
    receiver.respondWith(() => 500);
    await page.getByRole('navigation', { name: 'Store sections' }).getByRole('link', { name: 'Subscriptions' }).click();
    await page.getByText('No subscriptions yet.').waitFor();
    await page.getByLabel('URL').fill(receiver.url('/hooks/orders'));
    await page.getByLabel('Event filter').fill('order.*');
    await page.getByLabel('Max retries').fill('0');
    await page.getByLabel('Initial backoff (ms)').fill('100');
    await page.getByRole('button', { name: 'Create subscription' }).click();
    const secretPanel = page.getByRole('region', { name: /^Subscription sub_\w+ created$/ });
    await secretPanel.waitFor();
    const secret = await secretPanel.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await secretPanel.getByRole('button', { name: 'Copy secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const subscriptionId = (await textOf(secretPanel.getByRole('heading'))).split(' ')[1];
    await screenshot(page, 'subscription-created');

    const { globalPosition } = await orders.appendToStream('order-1005', [{ type: 'order.created', data: { total: 5 } }]);
    await waitFor(async () => (await all(orders.listDeadLetters(subscriptionId))).length === 1, {
      timeoutMs: 15_000,
      what: 'the dead letter',
    });
    await page
      .getByRole('table', { name: `Subscriptions of ${STORE}` })
      .getByRole('link', { name: subscriptionId })
      .click();
    const deadLetters = page.getByRole('table', { name: `Dead letters of ${subscriptionId}` });
    const deadRow = deadLetters.getByRole('row').filter({ hasText: String(globalPosition) });
    await deadRow.waitFor();
    expect(await textOf(deadRow)).toContain('500');
    await screenshot(page, 'dead-letters');

    receiver.respondWith(() => 204);
    await deadRow.getByRole('button', { name: `Replay position ${globalPosition}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Replay of position ${globalPosition} queued` })
      .waitFor();
    await receiver.waitUntil(() => receiver.delivered(subscriptionId).length === 1);
    const [delivery] = receiver.delivered(subscriptionId);
    const verified = await verifyWebhook(secret, delivery.rawBody, delivery.headers as Record<string, string>);
    expect(verified.event).toMatchObject({ globalPosition, type: 'order.created', data: { total: 5 } });
    await page.getByText('No dead letters.').waitFor({ timeout: 15_000 });
    expect(await all(orders.listDeadLetters(subscriptionId))).toEqual([]);

    await page.getByRole('link', { name: 'All subscriptions' }).click();
    await page
      .getByRole('table', { name: `Subscriptions of ${STORE}` })
      .getByRole('row')
      .filter({ hasText: subscriptionId })
      .waitFor();
    await screenshot(page, 'subscriptions');
  });

  it('filters the store’s events across streams by type and opens one', async () => {
    await page.getByRole('navigation', { name: 'Store sections' }).getByRole('link', { name: 'Events' }).click();
    await page.getByLabel('Types').fill('order.paid, order.shipped');
    await page.getByLabel('Order', { exact: true }).selectOption('newest');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const table = page.getByRole('table', { name: `Events of ${STORE}` });
    await waitFor(async () => new URL(page.url()).searchParams.get('types') === 'order.paid, order.shipped' && (await table.count()) === 1);
    const expected = await all(orders.readEvents({ types: ['order.paid', 'order.shipped'], direction: 'backward' }));
    await waitFor(async () => (await table.getByRole('row').count()) === expected.length + 1, { what: 'the filtered rows' });
    const shown = await table.locator('tbody tr td:first-child').allTextContents();
    expect(shown.map(Number)).toEqual(expected.map((event) => event.globalPosition));
    await table.getByRole('link', { name: 'order.shipped' }).first().click();
    await page.getByRole('region', { name: `Event ${expected[0].globalPosition}: ${expected[0].type}` }).waitFor();
    await screenshot(page, 'events');

    await page.getByRole('navigation', { name: 'Store sections' }).getByRole('link', { name: 'Overview' }).click();
    const chart = page.getByRole('img', { name: /events appended in the last hour/ });
    await chart.waitFor();
    const total = (await orders.details()).statistics.totalEvents;
    expect(await chart.getAttribute('aria-label')).toMatch(new RegExp(`^${total} events appended in the last hour`));
    await page.getByRole('navigation', { name: 'Store sections' }).getByRole('link', { name: 'Streams' }).click();
    await page
      .getByRole('table', { name: `Streams of ${STORE}` })
      .getByRole('link', { name: 'order-1001' })
      .waitFor();
    await screenshot(page, 'streams');
    await page.getByRole('navigation', { name: 'Store sections' }).getByRole('link', { name: 'Overview' }).click();
    await chart.waitFor();
    await screenshot(page, 'overview');
  });

  it('deletes a store after a confirmation that names it', async () => {
    const client = new EventStoreClient({ baseUrl: service.url, apiKey: admin.key });
    await client.createStore({ name: 'scratch', description: 'To be deleted' });
    await page.goto(consoleUrl('/stores'));
    await page.getByRole('table', { name: 'Event stores' }).getByRole('link', { name: 'scratch' }).waitFor();
    await screenshot(page, 'stores');
    await page.getByRole('button', { name: 'Delete store scratch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the store scratch?' });
    await dialog.waitFor();
    await screenshot(page, 'delete-store');
    await dialog.getByRole('button', { name: 'Delete scratch' }).click();
    await page.getByRole('status').filter({ hasText: 'Deleted the store scratch' }).waitFor();
    expect((await all(client.listStores())).map((store) => store.name)).toEqual([STORE]);
  });

  it('offers a read-only key no create, delete, append or replay, and shows the 403 of an admin view plainly', async () => {
    const tab = await browser.newPage();
    await tab.goto(consoleUrl('/stores'));
    await signIn(tab, readOnly.key);
    await tab.getByRole('table', { name: 'Event stores' }).getByRole('link', { name: STORE }).waitFor();
    expect(await tab.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    expect(await tab.getByRole('heading', { name: 'Create a store' }).count()).toBe(0);

    await tab.goto(consoleUrl(`/stores/${STORE}/streams/order-1001`));
    await tab.getByRole('table', { name: 'Events of order-1001' }).waitFor();
    expect(await tab.getByRole('heading', { name: 'Append an event' }).count()).toBe(0);
    expect(await tab.getByRole('button', { name: 'Append event' }).count()).toBe(0);

    await tab.getByRole('navigation', { name: 'Store sections' }).getByRole('link', { name: 'Subscriptions' }).click();
    const forbidden = tab.getByRole('alert');
    await forbidden.waitFor();
    expect(await textOf(forbidden)).toMatch(/Loading the subscriptions failed:.*admin.*FORBIDDEN/);
    expect(await tab.getByRole('button', { name: /Replay|Delete|Create/ }).count()).toBe(0);
    await screenshot(tab, 'forbidden');
    await tab.close();
  });
});

async function all<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

async function livePositions(page: Page): Promise<number[]> {
  return (await page.getByRole('table', { name: 'Live events' }).locator('tbody tr td:first-child').allTextContents()).map(Number);
}

async function queryPositions(page: Page): Promise<number[]> {
  return (await page.getByRole('table', { name: 'Matching events' }).locator('tbody tr td:first-child').allTextContents()).map(Number);
}
