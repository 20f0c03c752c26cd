import { errorFromCode, EventStoreError, HistoryRolledBackError, NetworkError, RateLimitedError } from './errors.js';
import type { HttpTransport } from './http.js';
import { abortReason, backoffDelay } from './retry.js';
import type { LiveEvent, SubscriptionPosition } from './types.js';
import { type KeyPlacement, type OpenSocket, openWebSocket, type WebSocketConstructor } from './websocket.js';

export interface ReconnectOptions {
  /** The first reconnection's backoff bound, doubled at each failed attempt. Default 250 ms. */
  initialDelayMs?: number;
  /** The largest backoff bound. Default 10000 ms. */
  maxDelayMs?: number;
  /** Failed connection attempts in a row before the iterator throws. Default: no limit. */
  maxAttempts?: number;
}

export interface SubscribeOptions {
  /** `*` (default), `prefix.*`, `*.suffix` or an exact event type. */
  eventFilter?: string;
  /**
   * Where it starts, as for a webhook subscription: `latest` (default), events appended from now
   * on; `beginning`, every stored event first; N, the events after global position N (exclusive:
   * the last position you processed). Replayed events come first, then live ones, with no gap.
   */
  position?: SubscriptionPosition;
  /** The name the connection shows in the store's connection list, and under which an administrator can close it. */
  clientId?: string;
  /** Ends the subscription: the iterator then throws the signal's reason. */
  signal?: AbortSignal;
  /**
   * Events held for a consumer that is behind. When this many wait, the socket is closed, and it is
   * reopened from the last event held once the consumer has taken half of them: a slow consumer
   * slows the feed instead of growing memory. Default 1000.
   */
  maxBufferedEvents?: number;
  /** How often the client pings the server. Default 15000 ms. */
  heartbeatIntervalMs?: number;
  /** A connection silent for this long after a ping is taken for dead and replaced. Default 10000 ms. */
  heartbeatTimeoutMs?: number;
  reconnect?: ReconnectOptions;
  /** Called before each reconnection, with why the connection ended and how long the client waits. */
  onReconnect?: (info: ReconnectInfo) => void;
}

export interface ReconnectInfo {
  /** Failed attempts in a row, this one included (1 after a connection that had worked). */
  attempt: number;
  delayMs: number;
  /** The close code and reason, when the server closed the socket. */
  code?: number;
  reason?: string;
  /** Why the connection could not be made, when it could not. */
  error?: unknown;
}

type ServerFrame =
  | { type: 'subscribed'; subscriptionId: string }
  | { type: 'unsubscribed'; subscriptionId: string }
  | { type: 'event'; subscriptionId: string; event: LiveEvent }
  | { type: 'error'; error: { code: string; message: string } }
  | { type: 'pong' };

type Status = 'starting' | 'connecting' | 'subscribed' | 'paused' | 'waiting' | 'closed' | 'failed';

const OPEN = 1;
/** The service's rule for client ids (checked here, since a refused upgrade cannot say why in a browser). */
const CLIENT_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const NORMAL_CLOSURE = 1000;
/** The service closes with this when the store's history was rolled back below what it sent. */
const HISTORY_ROLLED_BACK = 4001;

const DEFAULTS = {
  eventFilter: '*',
  position: 'latest' as SubscriptionPosition,
  maxBufferedEvents: 1000,
  heartbeatIntervalMs: 15_000,
  heartbeatTimeoutMs: 10_000,
  reconnect: { initialDelayMs: 250, maxDelayMs: 10_000, maxAttempts: Infinity },
};

export interface SubscriptionContext {
  http: HttpTransport;
  /** `/event-stores/<ref>`, encoded. */
  storePath: string;
  WebSocket: WebSocketConstructor;
}

/**
 * A WebSocket subscription as an async iterator: the stored events from the start position, then
 * live ones, each once and in `globalPosition` order. Whenever the connection ends without `close()`
 * (the server restarting, an administrator closing it, a network fault, a silent peer) the client
 * reconnects with backoff and subscribes again after the last event it received, so the iterator
 * neither skips nor repeats an event. It throws when the service refuses the subscription for good
 * (unknown store, revoked key, missing scope), when the signal aborts, or when `reconnect.maxAttempts`
 * attempts in a row fail. `break` out of the loop, or `close()`, ends it.
 */
export class Subscription<Event extends LiveEvent = LiveEvent> implements AsyncIterable<Event> {
  private status: Status = 'starting';
  private failure = new Error('The subscription failed');
  private socket: OpenSocket | undefined;
  /** Where the key goes on the next upgrade: a header until the implementation shows it cannot send one. */
  private keyPlacement: KeyPlacement = 'header';
  private subscriptionId: string | undefined;
  private readonly buffer: Event[] = [];
  /** Every matching event up to this position has been queued (or lies before the start). */
  private queuedUpTo: number | undefined;
  private lastYielded: number | undefined;
  private failedAttempts = 0;
  private lastFrameAt = 0;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private waiters: (() => void)[] = [];
  private readyWaiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  private everSubscribed = false;
  private readonly options: typeof DEFAULTS & Pick<SubscribeOptions, 'clientId' | 'signal' | 'onReconnect'>;

  constructor(
    private readonly context: SubscriptionContext,
    options: SubscribeOptions = {},
  ) {
    this.options = {
      eventFilter: options.eventFilter ?? DEFAULTS.eventFilter,
      position: options.position ?? DEFAULTS.position,
      maxBufferedEvents: options.maxBufferedEvents ?? DEFAULTS.maxBufferedEvents,
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? DEFAULTS.heartbeatIntervalMs,
      heartbeatTimeoutMs: options.heartbeatTimeoutMs ?? DEFAULTS.heartbeatTimeoutMs,
      reconnect: {
        initialDelayMs: options.reconnect?.initialDelayMs ?? DEFAULTS.reconnect.initialDelayMs,
        maxDelayMs: options.reconnect?.maxDelayMs ?? DEFAULTS.reconnect.maxDelayMs,
        maxAttempts: options.reconnect?.maxAttempts ?? DEFAULTS.reconnect.maxAttempts,
      },
      clientId: options.clientId,
      signal: options.signal,
      onReconnect: options.onReconnect,
    };
    if (!(this.options.maxBufferedEvents >= 1)) throw new RangeError('maxBufferedEvents must be at least 1');
    if (options.clientId !== undefined && !CLIENT_ID.test(options.clientId)) {
      throw new TypeError('clientId must be 1-128 of the characters A-Z, a-z, 0-9, ".", "_", ":" and "-"');
    }
    const { signal } = this.options;
    if (signal?.aborted) {
      this.fail(abortReason(signal));
      return;
    }
    signal?.addEventListener('abort', this.onAbort, { once: true });
    void this.start();
  }

  /** The global position of the last event the iterator handed out: where a new subscription would resume. */
  get position(): number | undefined {
    return this.lastYielded;
  }

  /** Resolves once the server has acknowledged the first subscription (replay under way or live); rejects if it never does. */
  ready(): Promise<void> {
    if (this.everSubscribed) return Promise.resolve();
    if (this.status === 'failed') return Promise.reject(this.failure);
    if (this.status === 'closed') return Promise.reject(new Error('The subscription was closed before it started'));
    return new Promise((resolve, reject) => this.readyWaiters.push({ resolve, reject }));
  }

  /** Ends the subscription: the socket is closed, events not yet taken are dropped, and the iterator ends. */
  close(): void {
    if (this.status === 'closed' || this.status === 'failed') return;
    this.status = 'closed';
    this.buffer.length = 0;
    this.cleanUp();
    this.settleReady(new Error('The subscription was closed before it started'));
    this.wakeUp();
  }

  [Symbol.asyncIterator](): AsyncIterator<Event> {
    return {
      next: () => this.next(),
      return: () => {
        this.close();
        return Promise.resolve({ done: true, value: undefined });
      },
    };
  }

  private async next(): Promise<IteratorResult<Event>> {
    for (;;) {
      if (this.status === 'closed') return { done: true, value: undefined };
      const event = this.buffer.shift();
      if (event) {
        this.lastYielded = event.globalPosition;
        if (this.status === 'paused' && this.buffer.length <= this.options.maxBufferedEvents / 2) this.connect();
        return { done: false, value: event };
      }
      if (this.status === 'failed') throw this.failure;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  private async start(): Promise<void> {
    const { position } = this.options;
    try {
      this.queuedUpTo = position === 'beginning' ? 0 : position === 'latest' ? await this.lastPosition() : position;
    } catch (error) {
      this.fail(error);
      return;
    }
    if (this.status === 'starting') this.connect();
  }

  /**
   * The store's last position, so that `latest` survives a reconnection before the first event:
   * subscribing after it is `latest` as of now, and can be repeated.
   */
  private async lastPosition(): Promise<number> {
    const page = await this.context.http.request<{ events: { globalPosition: number }[] }>({
      method: 'GET',
      path: `${this.context.storePath}/events`,
      query: { direction: 'backward', limit: 1 },
      signal: this.options.signal,
    });
    return page.events[0]?.globalPosition ?? 0;
  }

  private url(): URL {
    const { http, storePath } = this.context;
    const url = new URL(http.url(`${storePath}/events/ws`, { clientId: this.options.clientId }));
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url;
  }

  private connect(): void {
    this.status = 'connecting';
    this.subscriptionId = undefined;
    let opened = false;
    let socket: OpenSocket;
    try {
      ({ socket, placement: this.keyPlacement } = openWebSocket(
        this.context.WebSocket,
        this.url(),
        this.context.http.apiKey,
        this.keyPlacement,
      ));
    } catch (error) {
      this.fail(error);
      return;
    }
    const placement = this.keyPlacement;
    this.socket = socket;
    socket.onopen = () => {
      opened = true;
      this.lastFrameAt = Date.now();
      this.sendSubscribe();
      this.startHeartbeat();
    };
    socket.onmessage = (message) => {
      if (this.socket !== socket) return;
      this.lastFrameAt = Date.now();
      const frame = parseFrame(message.data);
      if (frame) this.onFrame(frame);
    };
    socket.onerror = () => undefined; // a close event follows, with what there is to know
    socket.onclose = ({ code, reason }) => {
      if (this.socket !== socket) return;
      this.dropped(opened ? { code, reason } : { neverOpened: placement });
    };
  }

  private sendSubscribe(): void {
    this.socket?.send(JSON.stringify({ action: 'subscribe', eventFilter: this.options.eventFilter, position: this.queuedUpTo }));
  }

  private onFrame(frame: ServerFrame): void {
    switch (frame.type) {
      case 'subscribed':
        this.subscriptionId = frame.subscriptionId;
        this.status = 'subscribed';
        this.failedAttempts = 0;
        this.everSubscribed = true;
        this.settleReady();
        return;
      case 'event': {
        if (frame.subscriptionId !== this.subscriptionId || this.status !== 'subscribed') return;
        const position = frame.event.globalPosition;
        if (this.queuedUpTo !== undefined && position <= this.queuedUpTo) return;
        this.buffer.push(frame.event as Event);
        this.queuedUpTo = position;
        this.wakeUp();
        if (this.buffer.length >= this.options.maxBufferedEvents) this.pause();
        return;
      }
      case 'unsubscribed':
        // Ended by an administrator's DELETE of the subscription: the socket stays, so subscribe again on it.
        if (frame.subscriptionId === this.subscriptionId) {
          this.subscriptionId = undefined;
          this.status = 'connecting';
          this.sendSubscribe();
        }
        return;
      case 'error':
        // Only our subscribe can be refused (a bad filter or position, or a start past a rolled-back store's end): no retry changes that.
        if (this.status !== 'subscribed') this.fail(errorFromCode({ code: frame.error.code, status: 0, message: frame.error.message }));
        return;
      case 'pong':
        return;
    }
  }

  /** The consumer is behind: close the socket, and reopen it after the last queued event once it catches up. */
  private pause(): void {
    this.status = 'paused';
    this.detachSocket('The consumer is behind; resuming later');
  }

  /** The connection ended without our asking: find out whether the service refuses us for good, else reconnect. */
  private dropped(how: { code: number; reason: string } | { neverOpened: KeyPlacement }): void {
    this.detachSocket();
    if (this.status === 'closed' || this.status === 'failed') return;
    this.status = 'waiting';
    if ('neverOpened' in how) {
      void this.diagnose().then(
        (wait) => {
          // The service takes this key over HTTP, yet refused the upgrade that carried it in a header:
          // an implementation that ignores headers quietly. The key goes in the URL from now on.
          if (wait.error === undefined && how.neverOpened === 'header') this.keyPlacement = 'url';
          this.scheduleReconnect({ error: wait.error }, wait.minimumMs);
        },
        (refusal: unknown) => this.fail(refusal),
      );
    } else if (how.code === HISTORY_ROLLED_BACK) {
      const lastPosition = /ends at position (\d+)/.exec(how.reason)?.[1];
      this.fail(
        new HistoryRolledBackError({
          code: 'HISTORY_ROLLED_BACK',
          status: 0,
          message: how.reason,
          details: lastPosition === undefined ? {} : { lastPosition: Number(lastPosition) },
        }),
      );
    } else {
      this.scheduleReconnect({ code: how.code, reason: how.reason });
    }
  }

  /**
   * A WebSocket that could not open says nothing about why (browsers hide the HTTP answer), so ask
   * over plain HTTP what the upgrade checks first: the key, its `read` scope and the store. A 401,
   * 403 or 404 there will not change and ends the subscription; a 429 says how long to wait; anything
   * else (the store answers, the network fails, the server is restarting) makes the failure transient.
   */
  private async diagnose(): Promise<{ error: unknown; minimumMs: number }> {
    try {
      await this.context.http.request({ method: 'GET', path: this.context.storePath, signal: this.options.signal });
      return { error: undefined, minimumMs: 0 };
    } catch (error) {
      if (!(error instanceof EventStoreError)) throw error;
      if (error instanceof RateLimitedError) return { error, minimumMs: (error.retryAfter ?? 0) * 1000 };
      if (error instanceof NetworkError || error.status >= 500) return { error, minimumMs: 0 };
      throw error;
    }
  }

  private scheduleReconnect(info: Omit<ReconnectInfo, 'attempt' | 'delayMs'>, minimumMs = 0): void {
    if (this.status !== 'waiting') return;
    this.failedAttempts += 1;
    const { reconnect, onReconnect } = this.options;
    if (this.failedAttempts > reconnect.maxAttempts) {
      const message = `The subscription could not reconnect after ${reconnect.maxAttempts} attempts`;
      this.fail(
        info.error instanceof EventStoreError
          ? info.error
          : new NetworkError({ code: 'NETWORK_ERROR', status: 0, message, cause: info.error }),
      );
      return;
    }
    const delayMs = Math.max(minimumMs, backoffDelay(this.failedAttempts, reconnect));
    try {
      onReconnect?.({ attempt: this.failedAttempts, delayMs, ...info });
    } catch {
      // A failing callback must not stop the subscription.
    }
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.status === 'waiting') this.connect();
    }, delayMs);
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    const { heartbeatIntervalMs, heartbeatTimeoutMs } = this.options;
    this.heartbeat = setInterval(() => {
      const socket = this.socket;
      if (!socket) return;
      if (Date.now() - this.lastFrameAt > heartbeatIntervalMs + heartbeatTimeoutMs) {
        // No pong, event or anything else since the last ping had time to be answered: the peer is gone.
        this.dropped({ code: 4000, reason: 'No answer to heartbeats' });
        return;
      }
      if (socket.readyState === OPEN) socket.send('{"action":"ping"}');
    }, heartbeatIntervalMs);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat !== undefined) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  /** Forgets the current socket (its late events are ignored) and closes it. */
  private detachSocket(reason = 'Subscription closed'): void {
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = undefined;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = null;
    socket.onerror = () => undefined;
    try {
      socket.close(NORMAL_CLOSURE, reason);
    } catch {
      // Closing a socket that never opened may throw in some implementations; it is gone either way.
    }
  }

  private fail(error: unknown): void {
    if (this.status === 'closed' || this.status === 'failed') return;
    this.status = 'failed';
    // Kept as thrown, not wrapped: an AbortSignal's reason, say, is a DOMException of another realm in some runtimes.
    this.failure = error as Error;
    this.cleanUp();
    this.settleReady(this.failure);
    this.wakeUp();
  }

  private cleanUp(): void {
    if (this.reconnectTimer !== undefined) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.detachSocket();
    this.options.signal?.removeEventListener('abort', this.onAbort);
  }

  private readonly onAbort = () => this.fail(abortReason(this.options.signal!));

  private settleReady(error?: Error): void {
    const waiters = this.readyWaiters;
    this.readyWaiters = [];
    for (const waiter of waiters) {
      if (error === undefined) waiter.resolve();
      else waiter.reject(error);
    }
  }

  private wakeUp(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

const decoder = new TextDecoder();

function parseFrame(data: unknown): ServerFrame | undefined {
  let text: string | undefined;
  if (typeof data === 'string') text = data;
  else if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) text = decoder.decode(data);
  if (text === undefined) return undefined;
  try {
    const frame = JSON.parse(text) as unknown;
    return typeof frame === 'object' && frame !== null && typeof (frame as { type?: unknown }).type === 'string'
      ? (frame as ServerFrame)
      : undefined;
  } catch {
    return undefined;
  }
}
