import type { Page } from 'playwright-core';
import { WebSocket } from 'ws';
import { RunningApi } from '../../client/test/harness';
import { type EventStore, EventStoreClient } from '../../client/src/index.js';
import type { TenantKey } from '../../test/support/api-client';
import { waitFor } from '../../test/support/wait-for';
import { type Browser, launchChromium, screenshot } from './browser';

/**
 * The console's Consumers view in Chromium against the built API, with a real client running the
 * consumer: its lag and clients, a poison event parked, replayed and skipped, and the checkpoint
 * moved only after a confirmation that needs force while a client is attached.
 */
jest.setTimeout(90_000);

const STORE = 'shop';
const CONSUMER = 'billing';

describe('The console’s consumers view in Chromium', () => {
  let service: RunningApi;
  let admin: TenantKey;
  let browser: Browser;
  let page: Page;
  let shop: EventStore;
  const stop = new AbortController();
  let run: Promise<void> | undefined;
  const handled: { position: number; delivery: number }[] = [];

  const textOf = async (locator: ReturnType<Page['locator']>) => (await locator.textContent()) ?? '';
  const cellsOf = async (row: ReturnType<Page['locator']>) => (await row.getByRole('cell').allTextContents()).map((text) => text.trim());

  beforeAll(async () => {
    [service, browser] = await Promise.all([RunningApi.start(), launchChromium()]);
    admin = await service.api.tenantWithKey(['read', 'write', 'admin'], 'acme');
    const client = new EventStoreClient({ baseUrl: service.url, apiKey: admin.key, WebSocket });
    await client.createStore({ name: STORE });
    shop = client.store(STORE);
    for (let order = 1; order <= 3; order += 1) {
      await shop.appendToStream(`order-${order}`, [{ type: 'order.placed', data: { order } }]);
    }
    await shop.appendToStream('order-4', [{ type: 'order.placed', data: { order: 4, poison: true } }]);
    page = await browser.newPage();
    await page.goto(`${service.url}/console`);
    await page.getByLabel('API key').fill(admin.key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Event stores' }).waitFor();
  });
  afterAll(async () => {
    stop.abort();
    await run?.catch(() => undefined);
    await browser?.close();
    await service?.stop();
  });

  it('creates a consumer and lists it with its checkpoint, lag, clients, in-flight and parked events', async () => {
    await page.goto(`${service.url}/console/stores/${STORE}/consumers`);
    await page.getByText('No consumers yet.').waitFor();
    await page.getByLabel('Consumer name').fill(CONSUMER);
    await page.getByLabel('Event filter').fill('order.*');
    await page.getByLabel('Ack timeout (ms)').fill('1000');
    await page.getByLabel('Max deliveries').fill('1');
    await page.getByRole('button', { name: 'Create consumer' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Created the consumer ${CONSUMER}.` })
      .waitFor();
    const table = page.getByRole('table', { name: `Consumers of ${STORE}` });
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: CONSUMER }) });
    await row.waitFor();
    // Consumer, filter, checkpoint, lag, clients, in flight, parked.
    expect((await cellsOf(row)).slice(0, 7)).toEqual([CONSUMER, 'order.*', '0', '4', '0', '0', '0']);
    expect(await shop.consumer(CONSUMER).get()).toMatchObject({ eventFilter: 'order.*', ackTimeoutMs: 1000, maxDeliveries: 1 });

    // A client runs it; the poison event fails its one delivery and is parked, the others are acked.
    run = shop.consumer(CONSUMER).run(
      (event, { delivery }) => {
        handled.push({ position: event.globalPosition, delivery });
        if ((event.data as { poison?: boolean }).poison) throw new Error('poison');
      },
      { signal: stop.signal, clientId: 'billing-worker' },
    );
    await waitFor(async () => (await shop.consumer(CONSUMER).get()).parked === 1, { timeoutMs: 20_000, what: 'the poison event parked' });
    await page.reload();
    await waitFor(async () => (await cellsOf(row)).slice(2, 7).join(' ') === '4 0 1 0 1', {
      timeoutMs: 15_000,
      what: 'the row showing checkpoint 4, lag 0, one client, none in flight, one parked',
    });
    await screenshot(page, 'consumers');
  });

  it('shows a consumer’s parked event, replays it (delivered again) and skips it', async () => {
    await page.getByRole('link', { name: CONSUMER }).click();
    await page.getByRole('heading', { name: `Consumer ${CONSUMER}` }).waitFor();
    const facts = page.getByRole('region', { name: 'State' });
    expect(await textOf(facts)).toContain('1 connected');
    const parked = page.getByRole('table', { name: `Parked events of ${CONSUMER}` });
    const row = parked.getByRole('row').filter({ has: page.getByRole('link', { name: '4', exact: true }) });
    await row.waitFor();
    expect(await textOf(row)).toContain('order.placed');
    expect(await row.getByRole('link', { name: 'order-4' }).getAttribute('href')).toBe(`/console/stores/${STORE}/streams/order-4`);
    await screenshot(page, 'consumer-parked');

    const deliveriesBefore = handled.filter((call) => call.position === 4).length;
    await row.getByRole('button', { name: 'Replay position 4' }).click();
    await page.getByRole('status').filter({ hasText: 'Position 4 is pending again' }).waitFor();
    await waitFor(() => handled.filter((call) => call.position === 4).length === deliveriesBefore + 1, {
      timeoutMs: 10_000,
      what: 'the replayed event delivered again',
    });
    // It fails again and is parked again (the row still shown may be the one from before the replay); then it is skipped for good.
    await waitFor(async () => (await shop.consumer(CONSUMER).get()).parked === 1, { timeoutMs: 20_000, what: 'position 4 parked again' });
    await row.getByRole('button', { name: 'Skip position 4' }).waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: 'Skip position 4' }).click();
    await page.getByRole('status').filter({ hasText: 'Skipped position 4' }).waitFor();
    await page.getByText('No parked events.').waitFor();
    expect(await shop.consumer(CONSUMER).get()).toMatchObject({ parked: 0, checkpoint: 4 });
  });

  it('moves the checkpoint only after a confirmation, which needs force while a client is attached', async () => {
    await page.getByLabel('New checkpoint').fill('0');
    await page.getByRole('button', { name: 'Move checkpoint' }).click();
    const dialog = page.getByRole('dialog', { name: `Move the checkpoint of ${CONSUMER} from 4 to 0?` });
    await dialog.waitFor();
    expect(await textOf(dialog)).toContain('Every matching event after 0 is delivered again, up to 4 events.');
    const confirm = dialog.getByRole('button', { name: 'Move checkpoint' });
    expect(await confirm.isDisabled()).toBe(true);
    await screenshot(page, 'consumer-checkpoint');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await shop.consumer(CONSUMER).get()).checkpoint).toBe(4);

    const before = handled.length;
    await page.getByRole('button', { name: 'Move checkpoint' }).click();
    await dialog.getByLabel('Move it although a client is running this consumer').check();
    await confirm.click();
    await page
      .getByRole('status')
      .filter({ hasText: `Moved the checkpoint of ${CONSUMER} to 0.` })
      .waitFor();
    // The running client is handed the events again from the start.
    await waitFor(() => handled.slice(before).some((call) => call.position === 1), { timeoutMs: 15_000, what: 'position 1 redelivered' });

    // With no client attached, no force is asked for.
    stop.abort();
    await run;
    await waitFor(async () => (await shop.consumer(CONSUMER).get()).connectedClients === 0, { what: 'the client detached' });
    await page.reload();
    await page.getByLabel('New checkpoint').fill('2');
    await page.getByRole('button', { name: 'Move checkpoint' }).click();
    await page.getByRole('dialog', { name: /^Move the checkpoint of billing from \d to 2\?$/ }).waitFor();
    expect(await page.getByLabel('Move it although', { exact: false }).count()).toBe(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Move checkpoint' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Moved the checkpoint of ${CONSUMER} to 2.` })
      .waitFor();
    expect((await shop.consumer(CONSUMER).get()).checkpoint).toBe(2);
  });
  it('shows a read-only key the consumers and their state, and no create, delete or checkpoint move', async () => {
    const readOnly = await service.api.keyFor(admin.tenantId, ['read']);
    const other = await browser.newPage();
    await other.goto(`${service.url}/console/stores/${STORE}/consumers`);
    await other.getByLabel('API key').fill(readOnly.key);
    await other.getByRole('button', { name: 'Sign in' }).click();
    const consumers = other.getByRole('table', { name: `Consumers of ${STORE}` });
    await consumers.waitFor();
    // The list offers an admin key the create form; a read-only key sees the list alone.
    expect(await other.getByRole('heading', { name: 'Create a consumer' }).count()).toBe(0);
    expect(await other.getByRole('button', { name: 'Create consumer' }).count()).toBe(0);
    await consumers.getByRole('link', { name: CONSUMER }).click();
    await other.getByRole('region', { name: 'State' }).waitFor();
    await other.getByRole('heading', { name: 'Parked events' }).waitFor();
    // No event is parked by now (position 4 was skipped), so only the consumer's own actions can be looked for here.
    expect(await other.getByRole('button', { name: /Delete consumer|Move checkpoint/ }).count()).toBe(0);
    await other.close();
  });
});
