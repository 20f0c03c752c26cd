import { WebSocket as UndiciWebSocket } from 'undici';
import { WebSocket } from 'ws';
import {
  type EventStore,
  EventStoreClient,
  type LiveEvent,
  type Subscription,
  type WebSocketConstructor,
  WebSocketUnavailableError,
} from '../src/index.js';
import { RunningApi, uniqueName } from './harness';

jest.setTimeout(60_000);

/** How each upgrade was opened: its URL and the options object, when one was passed. */
interface Opening {
  url: URL;
  headers: Record<string, string> | undefined;
}

/** `Base`, recording how the client calls it; `accepts` decides what it does with a second argument. */
function recording(Base: typeof WebSocket | typeof UndiciWebSocket, accepts: 'options' | 'protocols only' | 'nothing') {
  const openings: Opening[] = [];
  const Recording = class extends (Base as unknown as new (url: string, second?: unknown) => object) {
    constructor(url: string, second?: unknown) {
      const headers = (second as { headers?: Record<string, string> } | undefined)?.headers;
      // What a browser does with an object where subprotocols go: a SyntaxError, before any connection.
      if (accepts === 'protocols only' && second !== undefined && typeof second !== 'string' && !Array.isArray(second)) {
        throw new DOMException("The subprotocol '[object Object]' is invalid.", 'SyntaxError');
      }
      openings.push({ url: new URL(url), headers: accepts === 'options' ? headers : undefined });
      super(url, accepts === 'options' ? second : undefined);
    }
  };
  return { WebSocket: Recording as unknown as WebSocketConstructor, openings };
}

describe('The API key on WebSocket upgrades', () => {
  let service: RunningApi;
  let key: string;
  let store: EventStore;
  const subscriptions: Subscription[] = [];

  beforeAll(async () => {
    service = await RunningApi.start();
    ({ key } = await service.tenantWithKey());
  });
  afterAll(() => service.stop());
  beforeEach(async () => {
    const client = new EventStoreClient({ baseUrl: service.url, apiKey: key });
    const name = uniqueName('auth');
    await client.createStore({ name });
    store = client.store(name);
    await store.appendToStream('order-1', [{ type: 'order.created', data: {} }]);
  });
  afterEach(() => subscriptions.splice(0).forEach((subscription) => subscription.close()));

  /** Subscribes with `WebSocket` from the beginning and returns the first event it yields. */
  async function firstEvent(WebSocketClass: WebSocketConstructor): Promise<LiveEvent> {
    const subscription = new EventStoreClient({ baseUrl: service.url, apiKey: key, WebSocket: WebSocketClass })
      .store(store.ref)
      .subscribe({ position: 'beginning', reconnect: { initialDelayMs: 50 } });
    subscriptions.push(subscription);
    for await (const event of subscription) return event;
    throw new Error('the subscription ended without an event');
  }

  it.each([
    ['ws', WebSocket],
    ["undici's WebSocket (the global one of Node 22 and later)", UndiciWebSocket],
  ] as const)('travels in an Authorization header, not the URL, with %s', async (_name, Base) => {
    const sockets = recording(Base, 'options');
    expect(await firstEvent(sockets.WebSocket)).toMatchObject({ streamId: 'order-1', globalPosition: 1 });
    expect(sockets.openings).toHaveLength(1);
    expect(sockets.openings[0].url.searchParams.has('apiKey')).toBe(false);
    expect(sockets.openings[0].headers).toEqual({ authorization: `Bearer ${key}` });
  });

  it('travels in the URL with a standard WebSocket, which takes no headers', async () => {
    const sockets = recording(WebSocket, 'protocols only');
    expect(await firstEvent(sockets.WebSocket)).toMatchObject({ globalPosition: 1 });
    expect(sockets.openings.map((opening) => opening.url.searchParams.get('apiKey'))).toEqual([key]);
  });

  it('moves to the URL after one refused upgrade when the WebSocket ignores the headers quietly', async () => {
    const sockets = recording(WebSocket, 'nothing');
    expect(await firstEvent(sockets.WebSocket)).toMatchObject({ globalPosition: 1 });
    expect(sockets.openings.map((opening) => opening.url.searchParams.get('apiKey'))).toEqual([null, key]);
  });

  it('is never needed where there is no WebSocket: subscribe() says how to get one', () => {
    const global = globalThis as { WebSocket?: unknown };
    const own = global.WebSocket;
    global.WebSocket = undefined; // as on Node 20, whatever Node runs the test
    try {
      const client = new EventStoreClient({ baseUrl: service.url, apiKey: key });
      expect(() => client.store(store.ref).subscribe()).toThrow(WebSocketUnavailableError);
      expect(() => client.store(store.ref).subscribe()).toThrow(
        "subscribe() needs a WebSocket, and this runtime has no global one (Node 20 has none; Node 22 and later do). Install ws (npm install ws) and pass its class: import { WebSocket } from 'ws'; new EventStoreClient({ baseUrl, apiKey, WebSocket })",
      );
    } finally {
      global.WebSocket = own;
    }
  });

  it('ends the subscription with UnauthorizedError when wrong, rather than moving to the URL', async () => {
    const wrong = new EventStoreClient({ baseUrl: service.url, apiKey: 'esk_wrong', WebSocket }).store(store.ref);
    const subscription = wrong.subscribe({ position: 'beginning' });
    subscriptions.push(subscription);
    await expect(subscription.ready()).rejects.toMatchObject({ name: 'UnauthorizedError', status: 401 });
  });
});
