import { AppendConditionFailedError, StreamNotFoundError, WebSocketUnavailableError } from './errors.js';
import { Consumer } from './consumer.js';
import type { HttpTransport } from './http.js';
import { randomId } from './ids.js';
import {
  type DecideOptions,
  type DecideResult,
  type Decision,
  type DecisionState,
  type Projection,
  type ProjectionRecord,
  toProjection,
} from './projections.js';
import { everyItem } from './paging.js';
import { throwIfAborted } from './retry.js';
import type {
  Aggregate,
  AggregateStreamOptions,
  AppendEventsOptions,
  AppendToStreamOptions,
  CallOptions,
  CloseWebSocketClientOptions,
  ListStreamsFilter,
  QueryEventsOptions,
  ReadEventsOptions,
  ReadStreamOptions,
  WebhookSubscriptionInput,
} from './store-options.js';
import { type SubscribeOptions, Subscription } from './subscription.js';
import type {
  AppendEventsResult,
  AppendToStreamResult,
  ConsumerInfo,
  ConsumerList,
  DcbQuery,
  DeadLetter,
  DeadLetterReplayed,
  DeadLettersReplayed,
  EventStoreActivity,
  EventStoreDetails,
  ListStreamsOptions,
  LiveEvent,
  NewEvent,
  StoredEvent,
  StreamList,
  StreamSummary,
  SubscriptionDeleted,
  SubscriptionInfo,
  SubscriptionList,
  WebhookSubscriptionCreated,
  WebSocketClientClosed,
  WebSocketConnection,
  WebSocketConnectionList,
} from './types.js';
import type { WebSocketConstructor } from './websocket.js';

/** Events per page of every read: the most the service gives. */
export const PAGE_SIZE = 1000;

interface StreamPage {
  events: StoredEvent[];
  hasMore: boolean;
  streamVersion: number;
}

interface AppendToStreamResponse extends Omit<AppendToStreamResult, 'streamVersion'> {
  currentStreamVersion: number;
}

interface QueryPage {
  events: StoredEvent[];
  lastPosition: number;
  hasMore: boolean;
}

const list = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);
const instant = (value: Date | string | undefined) => (value instanceof Date ? value.toISOString() : value);

/**
 * One event store, by name or id (`client.store('orders')`): its streams, cross-stream reads, DCB
 * appends and queries, decisions, subscriptions and webhooks. Creating the handle sends nothing.
 */
export class EventStore {
  /** `/event-stores/<ref>`, encoded. */
  private readonly path: string;
  /**
   * The highest global position this handle has seen, from its appends' answers and the events it
   * read: sent with its reads as `Min-Global-Position`, so that a deployment reading from standbys
   * never answers it with less than it has already seen.
   */
  private seenPosition = 0;

  constructor(
    private readonly http: HttpTransport,
    /** The store's name or id (`es_…`), as given. */
    readonly ref: string,
    private readonly WebSocket: WebSocketConstructor | undefined,
  ) {
    this.path = `/event-stores/${encodeURIComponent(ref)}`;
  }

  /** The store, its settings and statistics. */
  details(options: CallOptions = {}): Promise<EventStoreDetails> {
    return this.http.request({ method: 'GET', path: this.path, signal: options.signal });
  }

  /** Events appended in each of the last 60 minutes (oldest first, the current minute last) and the newest global position. */
  activity(options: CallOptions = {}): Promise<EventStoreActivity> {
    return this.http.request({ method: 'GET', path: `${this.path}/activity`, signal: options.signal });
  }

  // Streams

  /** Appends events to a stream, all or none; the result's `streamVersion` is the version to expect next. */
  async appendToStream(streamId: string, events: NewEvent[], options: AppendToStreamOptions = {}): Promise<AppendToStreamResult> {
    const { currentStreamVersion, ...result } = await this.http.request<AppendToStreamResponse>({
      method: 'POST',
      path: `${this.path}/streams/${encodeURIComponent(streamId)}`,
      body: {
        events,
        ...(options.expectedStreamVersion !== undefined && { expectedStreamVersion: options.expectedStreamVersion }),
        ...(options.consumer && { consumer: options.consumer }),
      },
      headers: { 'idempotency-key': options.idempotencyKey ?? randomId() },
      signal: options.signal,
    });
    this.saw(result.globalPosition);
    return { ...result, streamVersion: currentStreamVersion };
  }

  /**
   * Every event of a stream in the range, in stream order (or reversed), fetched a page of 1000 at a
   * time as the loop asks; `break` stops fetching. Throws `StreamNotFoundError` for a stream never
   * appended to.
   */
  async *readStream<Event extends StoredEvent = StoredEvent>(
    streamId: string,
    options: ReadStreamOptions = {},
  ): AsyncGenerator<Event, void> {
    for await (const page of this.streamPages(streamId, options)) yield* page.events as Event[];
  }

  /**
   * Folds a stream into a state: `{ state, streamVersion }`, or null for a stream never appended to.
   * Append with `expectedStreamVersion: streamVersion` to act on exactly that state.
   */
  async aggregateStream<State, Event extends StoredEvent = StoredEvent>(
    streamId: string,
    options: AggregateStreamOptions<State, Event>,
  ): Promise<Aggregate<State> | null> {
    let state = options.initialState;
    let streamVersion = 0;
    try {
      for await (const page of this.streamPages(streamId, options)) {
        for (const event of page.events) state = options.evolve(state, event as Event);
        streamVersion = page.streamVersion;
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
    return { state, streamVersion };
  }

  private async *streamPages(streamId: string, options: ReadStreamOptions): AsyncGenerator<StreamPage, void> {
    const backward = options.direction === 'backward';
    let from = options.fromStreamPosition;
    let to = options.toStreamPosition;
    for (;;) {
      const page = await this.http.request<StreamPage>({
        method: 'GET',
        path: `${this.path}/streams/${encodeURIComponent(streamId)}`,
        query: { direction: options.direction, limit: PAGE_SIZE, fromStreamPosition: from, toStreamPosition: to },
        headers: this.consistency(),
        signal: options.signal,
      });
      this.sawEvents(page.events);
      yield page;
      const last = page.events.at(-1);
      if (!page.hasMore || !last) return;
      if (backward) {
        if (last.streamPosition === 0) return;
        to = last.streamPosition - 1;
      } else {
        from = last.streamPosition + 1;
      }
    }
  }

  /** Events across the store, filtered, in global order (or reversed), a page of 1000 at a time; `break` stops fetching. */
  async *readEvents<Event extends StoredEvent = StoredEvent>(options: ReadEventsOptions = {}): AsyncGenerator<Event, void> {
    const backward = options.direction === 'backward';
    let position = options.fromGlobalPosition;
    for (;;) {
      const page = await this.http.request<{ events: Event[]; hasMore: boolean }>({
        method: 'GET',
        path: `${this.path}/events`,
        query: {
          types: list(options.types),
          streams: list(options.streams),
          after: instant(options.createdAfter),
          before: instant(options.createdBefore),
          direction: options.direction,
          fromGlobalPosition: position,
          limit: PAGE_SIZE,
        },
        headers: this.consistency(),
        signal: options.signal,
      });
      this.sawEvents(page.events);
      yield* page.events;
      const last = page.events.at(-1);
      if (!page.hasMore || !last) return;
      if (backward && last.globalPosition <= 1) return;
      position = backward ? last.globalPosition - 1 : last.globalPosition + 1;
    }
  }

  /**
   * Every stream of the store, 1000 a request as the loop asks: `filter` (a part of the id), `streamType` and `hasEvents`
   * narrow them; oldest first, or with `sort: 'updated'` the stream appended to last first.
   */
  listStreams(options: ListStreamsFilter = {}): AsyncGenerator<StreamSummary, void> {
    return everyItem(async (offset, limit) => {
      const page = await this.listStreamsPage({ ...options, offset, limit });
      return { items: page.streams, hasMore: page.pagination.hasMore };
    });
  }

  /** One page of the store's streams, as the service answers it (the same options): for screens that show pages and totals. */
  listStreamsPage(options: ListStreamsOptions & CallOptions = {}): Promise<StreamList> {
    const { signal, ...query } = options;
    return this.http.request({ method: 'GET', path: `${this.path}/streams`, query, headers: this.consistency(), signal });
  }

  private saw(position: number): void {
    if (position > this.seenPosition) this.seenPosition = position;
  }

  private sawEvents(events: readonly { globalPosition: number }[]): void {
    for (const event of events) this.saw(event.globalPosition);
  }

  private consistency(): Record<string, string> {
    return this.seenPosition > 0 ? { 'min-global-position': String(this.seenPosition) } : {};
  }

  // Dynamic Consistency Boundary

  /** Appends tagged events outside any stream, all or none, failing with `AppendConditionFailedError` if the condition is violated. */
  async appendEvents(events: NewEvent[], options: AppendEventsOptions = {}): Promise<AppendEventsResult> {
    const result = await this.http.request<AppendEventsResult>({
      method: 'POST',
      path: `${this.path}/events`,
      body: { events, ...(options.condition && { condition: options.condition }), ...(options.consumer && { consumer: options.consumer }) },
      headers: { 'idempotency-key': options.idempotencyKey ?? randomId() },
      signal: options.signal,
    });
    this.saw(result.lastPosition);
    return result;
  }

  /** The events matching a DCB query (any item), in global order, a page of 1000 at a time; `break` stops fetching. */
  async *queryEvents<Event extends StoredEvent = StoredEvent>(
    query: DcbQuery,
    options: QueryEventsOptions = {},
  ): AsyncGenerator<Event, void> {
    for await (const page of this.queryPages(query, options.after ?? 0, options.signal)) yield* page.events as Event[];
  }

  private async *queryPages(query: DcbQuery, after: number, signal: AbortSignal | undefined): AsyncGenerator<QueryPage, void> {
    for (;;) {
      const page = await this.http.request<QueryPage>({
        method: 'POST',
        path: `${this.path}/query`,
        body: { query, after, limit: PAGE_SIZE },
        headers: this.consistency(),
        signal,
      });
      this.sawEvents(page.events);
      yield page;
      if (!page.hasMore || page.events.length === 0) return;
      after = page.lastPosition;
    }
  }

  /**
   * Makes a decision on a consistent view (dcb.events): reads the events of the projections' query
   * once and folds them, calls `decision` with the state, and appends what it returns on the
   * condition that nothing matching the query was appended since. When something was, it reads only
   * the events after its last read, folds them into the state it has, and decides again, up to
   * `maxAttempts` times. `decision` refuses by throwing (nothing is appended), and returning no
   * events appends nothing.
   */
  async decide<P extends Projection<unknown> | ProjectionRecord>(
    projections: P,
    decision: Decision<DecisionState<P>>,
    options: DecideOptions = {},
  ): Promise<DecideResult<DecisionState<P>>> {
    const maxAttempts = options.maxAttempts ?? 5;
    const projection = toProjection(projections);
    let state = projection.initialState;
    let position = 0;
    const catchUp = async () => {
      for await (const page of this.queryPages(projection.query, position, options.signal)) {
        for (const event of page.events) state = projection.apply(state, event);
        position = Math.max(position, page.lastPosition);
      }
    };
    await catchUp();
    for (let attempt = 1; ; attempt += 1) {
      throwIfAborted(options.signal);
      const events = await decision(state);
      if (events.length === 0) return { state, events, lastPosition: undefined, attempts: attempt };
      try {
        const { lastPosition } = await this.appendEvents(events, {
          condition: { failIfEventsMatch: projection.query, after: position },
          signal: options.signal,
        });
        return { state, events, lastPosition, attempts: attempt };
      } catch (error) {
        if (!(error instanceof AppendConditionFailedError) || attempt >= maxAttempts) throw error;
      }
      await catchUp();
    }
  }

  // Subscriptions

  /**
   * A WebSocket subscription, iterated with `for await`: replayed events, then live ones, each once
   * and in order across reconnections. See `Subscription`.
   */
  subscribe<Event extends LiveEvent = LiveEvent>(options: SubscribeOptions = {}): Subscription<Event> {
    if (!this.WebSocket) throw new WebSocketUnavailableError();
    return new Subscription<Event>({ http: this.http, storePath: this.path, WebSocket: this.WebSocket }, options);
  }

  /** Subscribes a URL: the service's worker POSTs each matching event to it, signed, in order, at least once. */
  createWebhookSubscription(input: WebhookSubscriptionInput, options: CallOptions = {}): Promise<WebhookSubscriptionCreated> {
    const { url, headers, secret, ...rest } = input;
    return this.http.request({
      method: 'POST',
      path: `${this.path}/subscribe`,
      body: { ...rest, subscriberType: 'webhook', subscriberConfig: { url, ...(headers && { headers }), ...(secret && { secret }) } },
      signal: options.signal,
    });
  }

  /** Webhook subscriptions, then those of open WebSockets (`subscriberType` tells them apart); one request. */
  async *listSubscriptions(options: CallOptions = {}): AsyncGenerator<SubscriptionInfo, void> {
    const list = await this.http.request<SubscriptionList>({ method: 'GET', path: `${this.path}/subscriptions`, signal: options.signal });
    yield* list.subscriptions;
  }

  getSubscription(subscriptionId: string, options: CallOptions = {}): Promise<SubscriptionInfo> {
    return this.http.request({ method: 'GET', path: this.subscriptionPath(subscriptionId), signal: options.signal });
  }

  /** Deletes a webhook subscription (and its dead letters), or ends a WebSocket's subscription. */
  deleteSubscription(subscriptionId: string, options: CallOptions = {}): Promise<SubscriptionDeleted> {
    return this.http.request({ method: 'DELETE', path: this.subscriptionPath(subscriptionId), signal: options.signal });
  }

  /** The events a webhook subscription gave up on after its last retry; one request. */
  async *listDeadLetters(subscriptionId: string, options: CallOptions = {}): AsyncGenerator<DeadLetter, void> {
    const list = await this.http.request<{ deadLetters: DeadLetter[] }>({
      method: 'GET',
      path: `${this.subscriptionPath(subscriptionId)}/dead-letters`,
      signal: options.signal,
    });
    yield* list.deadLetters;
  }

  /** Queues a dead letter for delivery again, before the subscription's new events. */
  replayDeadLetter(subscriptionId: string, deadLetterId: string, options: CallOptions = {}): Promise<DeadLetterReplayed> {
    return this.http.request({
      method: 'POST',
      path: `${this.subscriptionPath(subscriptionId)}/dead-letters/${encodeURIComponent(deadLetterId)}/replay`,
      signal: options.signal,
    });
  }

  /** Queues every dead letter of a subscription for delivery again, in position order; `queued` says how many it queued. */
  replayDeadLetters(subscriptionId: string, options: CallOptions = {}): Promise<DeadLettersReplayed> {
    return this.http.request({
      method: 'POST',
      path: `${this.subscriptionPath(subscriptionId)}/dead-letters/replay`,
      signal: options.signal,
    });
  }

  /** The store's open WebSockets, on every API instance (admin scope); one request. */
  async *listWebSocketConnections(options: CallOptions = {}): AsyncGenerator<WebSocketConnection, void> {
    const list = await this.http.request<WebSocketConnectionList>({
      method: 'GET',
      path: `${this.path}/websocket-connections`,
      signal: options.signal,
    });
    yield* list.connections;
  }

  /** Closes every WebSocket of a client id with 1000 and the reason (admin scope); subscriptions of this client reconnect. */
  closeWebSocketClient(clientId: string, options: CloseWebSocketClientOptions = {}): Promise<WebSocketClientClosed> {
    return this.http.request({
      method: 'DELETE',
      path: `${this.path}/websocket-connections/${encodeURIComponent(clientId)}`,
      query: { reason: options.reason },
      signal: options.signal,
    });
  }

  // Consumers

  /** A handle on one of the store's durable consumers, by name: create, inspect, run it. Sends nothing. */
  consumer(name: string): Consumer {
    return new Consumer(this.http, this.path, name, this.WebSocket);
  }

  /** Every consumer of the store with its state (lag, clients, in flight, parked), oldest first, 1000 a request as the loop asks. */
  consumers(options: CallOptions = {}): AsyncGenerator<ConsumerInfo, void> {
    return everyItem(async (offset, limit) => {
      const page = await this.http.request<ConsumerList>({
        method: 'GET',
        path: `${this.path}/consumers`,
        query: { offset, limit },
        signal: options.signal,
      });
      return { items: page.items, hasMore: offset + page.items.length < page.totalCount };
    });
  }

  private subscriptionPath(subscriptionId: string): string {
    return `${this.path}/subscriptions/${encodeURIComponent(subscriptionId)}`;
  }
}
