import { type FetchLike, HttpTransport, type QueryValue } from './http.js';
import { everyItem } from './paging.js';
import { resolveRetryOptions, type RetryOptions } from './retry.js';
import { EventStore } from './store.js';
import type { CallOptions } from './store-options.js';
import type {
  CreateEventStoreInput,
  CurrentApiKey,
  EventStoreDetails,
  EventStoreInfo,
  EventStoreList,
  ListEventStoresOptions,
} from './types.js';
import type { WebSocketConstructor } from './websocket.js';

export interface EventStoreClientOptions {
  /** Where the service answers, e.g. `https://events.example.com` (a path prefix is kept). */
  baseUrl: string;
  /** An API key (`esk_…`) with the scopes the calls need: `read`, `write`, `admin`. */
  apiKey: string;
  /** A `fetch` to use instead of the global one (to add tracing, or in tests). */
  fetch?: FetchLike;
  /** A WebSocket constructor for subscriptions where there is no global one: `WebSocket` from `ws` on Node 20. */
  WebSocket?: WebSocketConstructor;
  /** How failed calls are retried (see RetryOptions); `false` turns retries off. */
  retry?: RetryOptions | false;
  /** Each attempt of a call is abandoned (and retried) after this long without a complete answer. Default 60000 ms. */
  timeoutMs?: number;
  /** Headers added to every request. */
  headers?: Record<string, string>;
}

/** Which stores `listStores` iterates (every one by default). */
export type ListStoresFilter = Omit<ListEventStoresOptions, 'limit' | 'offset'> & CallOptions;

export interface RawRequest extends CallOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * The Event Store Service's client: stores, and through `store(ref)` everything inside one. Works
 * wherever `fetch` does (Node 20+, browsers, Deno, Bun, Workers); subscriptions need a WebSocket.
 */
export class EventStoreClient {
  private readonly http: HttpTransport;
  private readonly WebSocket: WebSocketConstructor | undefined;

  constructor(options: EventStoreClientOptions) {
    if (!options.baseUrl) throw new TypeError('baseUrl is required');
    if (!options.apiKey) throw new TypeError('apiKey is required');
    const globalFetch = (globalThis as { fetch?: FetchLike }).fetch;
    const fetch = options.fetch ?? (globalFetch && ((url, init) => globalFetch(url, init)));
    if (!fetch) throw new TypeError('No fetch in this runtime: pass one as the fetch option');
    this.http = new HttpTransport({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      apiKey: options.apiKey,
      fetch,
      retry: resolveRetryOptions(options.retry),
      timeoutMs: options.timeoutMs ?? 60_000,
      headers: options.headers ?? {},
    });
    this.WebSocket = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  }

  /** The client's API key as the service sees it: its id, tenant and scopes (any valid key may ask). */
  currentApiKey(options: CallOptions = {}): Promise<CurrentApiKey> {
    return this.http.request({ method: 'GET', path: '/api-keys/current', signal: options.signal });
  }

  /** Creates a store in the key's tenant (admin scope); 409 `EVENT_STORE_ALREADY_EXISTS` if the name is taken. */
  createStore(input: CreateEventStoreInput, options: CallOptions = {}): Promise<EventStoreInfo> {
    return this.http.request({ method: 'POST', path: '/event-stores', body: input, signal: options.signal });
  }

  /** Every store of the tenant (`filter`: a substring of the name), oldest first, 1000 a request as the loop asks. */
  listStores(options: ListStoresFilter = {}): AsyncGenerator<EventStoreInfo, void> {
    return everyItem(async (offset, limit) => {
      const page = await this.listStoresPage({ ...options, offset, limit });
      return { items: page.eventStores, hasMore: offset + page.eventStores.length < page.totalCount };
    });
  }

  /** One page of the tenant's stores, as the service answers it: for screens that show pages and totals. */
  listStoresPage(options: ListEventStoresOptions & CallOptions = {}): Promise<EventStoreList> {
    const { signal, ...query } = options;
    return this.http.request({ method: 'GET', path: '/event-stores', query, signal });
  }

  /** A store by name or id, with its settings and statistics. */
  getStore(ref: string, options: CallOptions = {}): Promise<EventStoreDetails> {
    return this.store(ref).details(options);
  }

  /** Deletes a store and everything in it (admin scope). */
  async deleteStore(ref: string, options: CallOptions = {}): Promise<void> {
    await this.http.request({ method: 'DELETE', path: `/event-stores/${encodeURIComponent(ref)}`, signal: options.signal });
  }

  /** A handle on one store, by name or id; sends nothing. */
  store(ref: string): EventStore {
    return new EventStore(this.http, ref, this.WebSocket);
  }

  /**
   * Any other endpoint, with the client's authentication, retries and error classes: the JSON
   * answer, or undefined for an empty one. `path` is below the base URL and must be encoded.
   */
  request<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, request: RawRequest = {}): Promise<T> {
    return this.http.request<T>({ method, path, ...request });
  }
}
