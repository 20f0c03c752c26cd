import { WebSocket } from 'ws';
import { waitFor } from '../../test/support/wait-for';
import {
  AlreadyProcessedError,
  type ConsumerContext,
  ConsumerNotFoundError,
  type EventStore,
  EventStoreClient,
  EventStoreError,
  type FetchLike,
  type LiveEvent,
} from '../src/index.js';
import { all, RunningApi, uniqueName } from './harness';

jest.setTimeout(120_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One handler call: which client ran it, on which event, which delivery, and when it started and ended (in call order). */
interface Call {
  runner: string;
  event: LiveEvent;
  delivery: number;
}

/**
 * A handler that records its calls and checks, while it runs, that no other call is working on the
 * same stream (per-stream order must hold across concurrency and across runners of one client).
 */
function recorder() {
  const calls: Call[] = [];
  const active = new Set<string>();
  const overlaps: string[] = [];
  const handler = (runner: string, delayMs: () => number) => async (event: LiveEvent, context: ConsumerContext) => {
    if (active.has(event.streamId)) overlaps.push(`${event.streamId}@${event.globalPosition}`);
    active.add(event.streamId);
    calls.push({ runner, event, delivery: context.delivery });
    await sleep(delayMs());
    active.delete(event.streamId);
  };
  return { calls, overlaps, handler };
}

/** Wraps the global fetch: the first Server-Sent Events answer is cut after `cutAfter` events; every SSE request is kept. */
function cuttingFetch(cutAfter: number) {
  const requests: { url: string; lastEventId: string | undefined }[] = [];
  let cut = false;
  const wrapped: FetchLike = async (url, init) => {
    const response = await fetch(url, init);
    if (init.headers.accept !== 'text/event-stream') return response;
    requests.push({ url, lastEventId: init.headers['last-event-id'] });
    if (cut || !response.body) return response;
    cut = true;
    let events = 0;
    const decoder = new TextDecoder();
    const upstream = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await upstream.read();
        if (done) return controller.close();
        controller.enqueue(value);
        events += (decoder.decode(value).match(/^id: /gm) ?? []).length;
        if (events >= cutAfter) {
          await upstream.cancel();
          controller.error(new TypeError('terminated: the test cut the connection'));
        }
      },
    });
    return { status: response.status, headers: response.headers, text: () => response.text(), body };
  };
  return { fetch: wrapped, requests };
}

describe('Durable consumers through the client against the built API', () => {
  let service: RunningApi;
  let key: string;
  let client: EventStoreClient;
  let store: EventStore;
  const stops: AbortController[] = [];
  const stopper = () => {
    const controller = new AbortController();
    stops.push(controller);
    return controller;
  };

  beforeAll(async () => {
    service = await RunningApi.start();
    ({ key } = await service.tenantWithKey());
  });
  afterAll(() => service.stop());
  beforeEach(async () => {
    client = new EventStoreClient({ baseUrl: service.url, apiKey: key, WebSocket });
    const name = uniqueName('consumers');
    await client.createStore({ name });
    store = client.store(name);
  });
  afterEach(() => stops.splice(0).forEach((stop) => stop.abort()));

  const appendMany = async (streams: number, perStream: number) => {
    for (let round = 0; round < perStream; round += 1) {
      for (let stream = 0; stream < streams; stream += 1) {
        await store.appendToStream(`order-${stream}`, [{ type: 'order.tick', data: { stream, round } }]);
      }
    }
    return streams * perStream;
  };

  it('creates, gets, lists, moves the checkpoint of and deletes a consumer', async () => {
    await store.appendToStream('order-1', [
      { type: 'order.tick', data: {} },
      { type: 'user.seen', data: {} },
    ]);
    const billing = store.consumer('billing');
    const created = await billing.create({ eventFilter: 'order.*', ackTimeoutMs: 5000, maxDeliveries: 3 });
    expect(created).toMatchObject({
      name: 'billing',
      eventFilter: 'order.*',
      ackTimeoutMs: 5000,
      maxDeliveries: 3,
      checkpoint: 0,
      lastPosition: 2,
      lag: 2,
      inFlight: 0,
      connectedClients: 0,
      parked: 0,
    });
    await expect(billing.create()).rejects.toMatchObject({ status: 409, code: 'CONSUMER_ALREADY_EXISTS' });
    await store.consumer('audit').create({ from: 'latest' });
    expect((await all(store.consumers())).map((consumer) => [consumer.name, consumer.checkpoint])).toEqual([
      ['billing', 0],
      ['audit', 2],
    ]);

    expect(await billing.setCheckpoint(2)).toMatchObject({ checkpoint: 2, lag: 0 });
    expect(await billing.get()).toMatchObject({ checkpoint: 2 });
    expect(await all(billing.listParked())).toEqual([]);

    await billing.delete();
    await expect(billing.get()).rejects.toBeInstanceOf(ConsumerNotFoundError);
    expect((await all(store.consumers())).map((consumer) => consumer.name)).toEqual(['audit']);
  });

  it('shares events between two runners with concurrency: every event once, each stream in order and never two of one at once', async () => {
    const projection = store.consumer('projection');
    await projection.create();
    const { calls, overlaps, handler } = recorder();
    const stop = stopper();
    const runs = ['a', 'b'].map((runner) =>
      projection.run(
        handler(runner, () => Math.random() * 5),
        { concurrency: 4, signal: stop.signal, clientId: `runner-${runner}` },
      ),
    );
    await waitFor(async () => (await projection.get()).connectedClients === 2, { what: 'both runners attached' });

    const total = await appendMany(10, 30);
    await waitFor(async () => (await projection.get()).checkpoint === total, { timeoutMs: 60_000, what: 'the checkpoint at the end' });
    stop.abort();
    await Promise.all(runs);

    const positions = calls.map((call) => call.event.globalPosition);
    expect(new Set(positions).size).toBe(total);
    expect(positions.length).toBe(total);
    expect(overlaps).toEqual([]);
    const byStream = new Map<string, number[]>();
    for (const call of calls) byStream.set(call.event.streamId, [...(byStream.get(call.event.streamId) ?? []), call.event.streamPosition]);
    for (const [, streamPositions] of byStream) expect(streamPositions).toEqual(streamPositions.map((_, index) => index));
    // Both runners took part: the service shares one consumer's events among its clients.
    expect(new Set(calls.map((call) => call.runner))).toEqual(new Set(['a', 'b']));
    await waitFor(async () => (await projection.get()).connectedClients === 0, { what: 'both runners detached' });
    expect(await projection.get()).toMatchObject({ checkpoint: total, lag: 0, inFlight: 0 });
  });

  it('takes Server-Sent Events where there is no WebSocket, and resumes a cut stream with Last-Event-ID, handling each event once', async () => {
    const cutting = cuttingFetch(5);
    // No WebSocket given, and Node 20 has no global one: run() picks SSE by itself.
    const sseClient = new EventStoreClient({ baseUrl: service.url, apiKey: key, fetch: cutting.fetch });
    const consumer = sseClient.store(store.ref).consumer('sse');
    await consumer.create();
    const total = await appendMany(4, 5);
    const { calls, handler } = recorder();
    const reconnects: unknown[] = [];
    const stop = stopper();
    const run = consumer.run(
      handler('sse', () => 0),
      { signal: stop.signal, reconnect: { initialDelayMs: 50 }, onReconnect: (info) => reconnects.push(info) },
    );
    await waitFor(async () => (await consumer.get()).checkpoint === total, { timeoutMs: 30_000, what: 'every event acked' });
    stop.abort();
    await run;

    expect(reconnects.length).toBeGreaterThanOrEqual(1);
    expect(cutting.requests.length).toBeGreaterThanOrEqual(2);
    expect(cutting.requests[0].lastEventId).toBeUndefined();
    expect(Number(cutting.requests[1].lastEventId)).toBeGreaterThanOrEqual(1);
    const positions = calls.map((call) => call.event.globalPosition);
    expect(positions).toEqual(Array.from({ length: total }, (_, index) => index + 1));
    // Nothing at or below the resume point comes again: the service takes those as received. An event it had sent
    // past the cut, which never arrived, comes again as a redelivery (how many depends on the machine's timing).
    const resumedAfter = Number(cutting.requests[1].lastEventId);
    expect(calls.filter((call) => call.event.globalPosition <= resumedAfter).every((call) => call.delivery === 1)).toBe(true);
    // Over SSE an event comes as the read endpoints return it; its delivery count is the handler's second argument.
    const [firstEvent] = await all(store.readEvents());
    expect(calls[0].event).toEqual(firstEvent);
  });

  it.each(['websocket', 'sse'] as const)(
    'over %s, reconnects after the API restarts and resumes: every event handled, a repeat only as a redelivery, each stream in order',
    async (transport) => {
      const consumer = store.consumer(`restarts-${transport}`);
      await consumer.create();
      const { calls, overlaps, handler } = recorder();
      const reconnects: unknown[] = [];
      const stop = stopper();
      const run = consumer.run(
        handler(transport, () => 20),
        {
          transport,
          concurrency: 3,
          signal: stop.signal,
          reconnect: { initialDelayMs: 100, maxDelayMs: 1000 },
          onReconnect: (info) => reconnects.push(info),
        },
      );
      let total = await appendMany(5, 10);
      await waitFor(() => calls.length >= 10, { what: 'events handled before the restart' });
      await service.restart();
      total += await appendMany(5, 4);
      await waitFor(async () => (await consumer.get()).checkpoint === total, { timeoutMs: 60_000, what: 'every event acked' });
      stop.abort();
      await run;

      expect(reconnects.length).toBeGreaterThanOrEqual(1);
      const positions = calls.map((call) => call.event.globalPosition);
      expect(new Set(positions).size).toBe(total);
      const seen = new Set<number>();
      for (const call of calls) {
        // A second call for a position is the service delivering it again (its ack was not recorded before the restart).
        if (seen.has(call.event.globalPosition)) expect(call.delivery).toBeGreaterThan(1);
        seen.add(call.event.globalPosition);
      }
      expect(overlaps).toEqual([]);
      const firstCalls = calls.filter((call, index) => positions.indexOf(call.event.globalPosition) === index);
      for (let stream = 0; stream < 5; stream += 1) {
        const streamPositions = firstCalls
          .filter((call) => call.event.streamId === `order-${stream}`)
          .map((call) => call.event.streamPosition);
        expect(streamPositions).toEqual(streamPositions.map((_, index) => index));
      }
    },
  );

  it('records a consumer position with an append, and refuses the same position again with AlreadyProcessedError, writing nothing', async () => {
    await store.appendToStream('order-1', [{ type: 'order.placed', data: { total: 5 } }]);
    const manager = store.consumer('payments');
    await manager.create();
    const first = await store.appendToStream('payment-1', [{ type: 'payment.requested', data: { order: 1 } }], {
      consumer: { name: 'payments', position: 1 },
    });
    expect(first.streamVersion).toBe(1);
    const again = store.appendToStream('payment-1', [{ type: 'payment.requested', data: { order: 1 } }], {
      consumer: { name: 'payments', position: 1 },
    });
    await expect(again).rejects.toBeInstanceOf(AlreadyProcessedError);
    await expect(again).rejects.toMatchObject({ status: 409, code: 'ALREADY_PROCESSED' });
    expect(await all(store.readStream('payment-1'))).toHaveLength(1);

    const dcb = () =>
      store.appendEvents([{ type: 'payment.requested', data: {}, tags: ['order:2'] }], { consumer: { name: 'payments', position: 2 } });
    await dcb();
    await expect(dcb()).rejects.toBeInstanceOf(AlreadyProcessedError);
    expect(await all(store.queryEvents({ items: [{ tags: ['order:2'] }] }))).toHaveLength(1);

    await expect(
      store.appendToStream('payment-2', [{ type: 'x', data: {} }], { consumer: { name: 'nobody', position: 1 } }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('stops on abort: nothing new starts, the handler under way finishes and is acked, then run() resolves', async () => {
    const consumer = store.consumer('stoppable');
    await consumer.create();
    const total = await appendMany(1, 5);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const handled: number[] = [];
    let abortedSeen = false;
    const stop = stopper();
    let resolved = false;
    const run = consumer
      .run(
        async (event, { signal }) => {
          handled.push(event.globalPosition);
          if (event.globalPosition === 3) {
            stop.abort();
            await released;
            abortedSeen = signal.aborted;
          }
        },
        { signal: stop.signal },
      )
      .then(() => (resolved = true));
    await waitFor(() => handled.length === 3, { what: 'the third event under way' });
    await sleep(200);
    expect(resolved).toBe(false);
    release();
    await run;
    expect(handled).toEqual([1, 2, 3]);
    expect(abortedSeen).toBe(true);
    await waitFor(async () => (await consumer.get()).connectedClients === 0, { what: 'the client detached' });
    expect(await consumer.get()).toMatchObject({ checkpoint: 3, lag: total - 3 });
  });

  it('leaves a failing event unacked: delivered again, parked after maxDeliveries while the rest flow, then replayed and skipped', async () => {
    const consumer = store.consumer('poisoned');
    await consumer.create({ ackTimeoutMs: 1000, maxDeliveries: 2 });
    await store.appendToStream('order-1', [{ type: 'order.tick', data: { poison: true } }]);
    await appendMany(3, 2);
    const failures: { position: number; delivery: number }[] = [];
    const done: number[] = [];
    const stop = stopper();
    const run = consumer.run(
      (event) => {
        if ((event.data as { poison?: boolean }).poison) throw new Error('poison');
        done.push(event.globalPosition);
      },
      { signal: stop.signal, onError: (_error, event, { delivery }) => failures.push({ position: event.globalPosition, delivery }) },
    );
    await waitFor(async () => (await consumer.get()).parked === 1, { timeoutMs: 30_000, what: 'the poison event parked' });
    expect(failures).toEqual([
      { position: 1, delivery: 1 },
      { position: 1, delivery: 2 },
    ]);
    await waitFor(() => done.length === 6, { what: 'the other events' });
    const [parked] = await all(consumer.listParked());
    expect(parked).toMatchObject({ position: 1, streamId: 'order-1', type: 'order.tick', deliveries: 2 });

    await consumer.replayParked(1);
    await waitFor(() => failures.length === 3, { timeoutMs: 10_000, what: 'the replayed event delivered again' });
    await waitFor(async () => (await consumer.get()).parked === 1, { timeoutMs: 30_000, what: 'parked again' });
    await consumer.skipParked(1);
    await waitFor(async () => (await consumer.get()).checkpoint === 7, { what: 'the checkpoint past the skipped event' });
    expect(await all(consumer.listParked())).toEqual([]);
    stop.abort();
    await run;
  });

  it('ends run() with ConsumerNotFoundError when the consumer is deleted, and refuses an unknown one', async () => {
    const consumer = store.consumer('short-lived');
    await consumer.create();
    const run = consumer.run(() => undefined, { signal: stopper().signal });
    await waitFor(async () => (await consumer.get()).connectedClients === 1, { what: 'attached' });
    await consumer.delete();
    await expect(run).rejects.toBeInstanceOf(ConsumerNotFoundError);

    const unknown = store.consumer('never-created').run(() => undefined, { signal: stopper().signal });
    await expect(unknown).rejects.toBeInstanceOf(EventStoreError);
    await expect(unknown).rejects.toMatchObject({ code: 'CONSUMER_NOT_FOUND' });
  });
});
