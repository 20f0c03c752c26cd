import type { ConnectionEnd, ConnectionListener, ConsumerConnection, ConsumerDelivery } from './consumer-connection.js';
import { SseConsumerConnection } from './consumer-sse.js';
import { WebSocketConsumerConnection } from './consumer-websocket.js';
import { EventStoreError, NetworkError } from './errors.js';
import type { HttpTransport } from './http.js';
import { randomId } from './ids.js';
import { backoffDelay } from './retry.js';
import type { ReconnectInfo, ReconnectOptions } from './subscription.js';
import type { LiveEvent } from './types.js';
import type { KeyPlacement, WebSocketConstructor } from './websocket.js';

/** What a handler is given besides the event. */
export interface ConsumerContext {
  /** Which delivery of this event this is: 1 the first time, more after a redelivery (a timeout, a crashed client). */
  delivery: number;
  /** Aborts when the run is stopped: a long handler may give up (its event is then not acked, and is delivered again). */
  signal: AbortSignal;
}

export type ConsumerHandler<Event extends LiveEvent = LiveEvent> = (event: Event, context: ConsumerContext) => unknown;

export interface RunOptions {
  /**
   * Handlers running at once, each on an event of a different stream (DCB events count as one
   * stream): the events of one stream always run one after another, in order. Default 1.
   */
  concurrency?: number;
  /**
   * Events the service leases to this client at once (default twice `concurrency`; the service caps it
   * at its CONSUMER_MAX_IN_FLIGHT_PER_CLIENT). Leased events wait here for a free handler while their
   * `ackTimeoutMs` runs, so a large number with slow handlers gets events redelivered to other clients;
   * a small one leaves the rest to them.
   */
  maxInFlight?: number;
  /** Stops the run: no new event is started, the handlers under way finish and are acked, then `run()` resolves. */
  signal?: AbortSignal;
  /** `websocket` (the default where a WebSocket is available) or `sse` (Server-Sent Events over `fetch`, the default elsewhere). */
  transport?: 'websocket' | 'sse';
  /** How this client shows in the consumer's `connectedClients` and the store's connection list. Default `<consumer>-<random>`. */
  clientId?: string;
  /**
   * Called when a handler throws (or rejects). The event is not acked: the service delivers it again
   * after the consumer's `ackTimeoutMs`, and parks it after `maxDeliveries`, so one poison event does
   * not stop the rest. Without this option failures are silent except for those redeliveries.
   */
  onError?: (error: unknown, event: LiveEvent, context: ConsumerContext) => void;
  /** Called each time the service attaches this client to the consumer (after every reconnection too). */
  onConnected?: () => void;
  reconnect?: ReconnectOptions;
  /** Called before each reconnection, with why the connection ended and how long the client waits. */
  onReconnect?: (info: ReconnectInfo) => void;
  /** WebSocket: how often the client pings (default 15000 ms). */
  heartbeatIntervalMs?: number;
  /** A connection silent this long past a ping (WebSocket, default 10000 ms) or at all (SSE, default 45000 ms) is replaced. */
  heartbeatTimeoutMs?: number;
}

export interface RunContext {
  http: HttpTransport;
  storePath: string;
  consumerPath: string;
  consumer: string;
  WebSocket: WebSocketConstructor | undefined;
}

/** Positions remembered as handled, so that a redelivery of one whose ack was lost is acked again without running the handler. */
const REMEMBERED = 10_000;
const CLIENT_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * One `consumer.run()`: a connection to the consumer (replaced with backoff when it drops), a queue
 * of delivered events, and handlers started as slots free up, never two of one stream at once. A
 * handler's event is acked once it resolves; acks made in one turn of the event loop go in one batch.
 */
export class ConsumerRun {
  readonly done: Promise<void>;
  private resolveDone!: () => void;
  private rejectDone!: (error: unknown) => void;
  private readonly concurrency: number;
  private readonly maxInFlight: number;
  private readonly clientId: string;
  private readonly transport: 'websocket' | 'sse';
  private readonly stop = new AbortController();
  private connection: ConsumerConnection | undefined;
  private connected = false;
  private placement: KeyPlacement = 'header';
  private lastEventId: string | undefined;
  private failedAttempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly pending: ConsumerDelivery[] = [];
  private readonly running = new Map<number, Promise<void>>();
  private readonly busyStreams = new Set<string>();
  private readonly handled = new Set<number>();
  private acks: number[] = [];
  private flushing: Promise<void> | undefined;
  private stopping = false;
  private failure: unknown;

  constructor(
    private readonly context: RunContext,
    private readonly handler: ConsumerHandler,
    private readonly options: RunOptions,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.resolveDone = resolve;
      this.rejectDone = reject;
    });
    this.concurrency = options.concurrency ?? 1;
    if (!Number.isInteger(this.concurrency) || this.concurrency < 1) throw new RangeError('concurrency must be an integer of at least 1');
    this.maxInFlight = options.maxInFlight ?? this.concurrency * 2;
    if (!Number.isInteger(this.maxInFlight) || this.maxInFlight < 1) throw new RangeError('maxInFlight must be an integer of at least 1');
    this.clientId = options.clientId ?? `${context.consumer.slice(0, 100)}-${randomId().slice(0, 8)}`;
    if (!CLIENT_ID.test(this.clientId))
      throw new TypeError('clientId must be 1-128 of the characters A-Z, a-z, 0-9, ".", "_", ":" and "-"');
    this.transport = options.transport ?? (context.WebSocket ? 'websocket' : 'sse');
    const { signal } = options;
    if (signal?.aborted) {
      this.resolveDone();
      return;
    }
    signal?.addEventListener('abort', this.onAbort, { once: true });
    this.connect();
  }

  private readonly onAbort = () => this.finish();

  private connect(): void {
    const listener: ConnectionListener = {
      onReady: () => {
        if (this.connection !== connection) return;
        this.connected = true;
        this.failedAttempts = 0;
        this.scheduleFlush();
        try {
          this.options.onConnected?.();
        } catch {
          // A failing callback must not stop the run.
        }
      },
      onDelivery: (delivery) => {
        if (this.connection === connection) this.receive(delivery);
      },
      onEnd: (end) => {
        if (this.connection === connection) this.dropped(end, connection);
      },
    };
    const { http, storePath, consumerPath, consumer } = this.context;
    const connection: ConsumerConnection =
      this.transport === 'websocket'
        ? new WebSocketConsumerConnection(
            {
              http,
              storePath,
              consumerPath,
              consumer,
              clientId: this.clientId,
              WebSocket: this.context.WebSocket!,
              placement: this.placement,
              heartbeatIntervalMs: this.options.heartbeatIntervalMs ?? 15_000,
              heartbeatTimeoutMs: this.options.heartbeatTimeoutMs ?? 10_000,
              maxInFlight: this.maxInFlight,
            },
            listener,
          )
        : new SseConsumerConnection(
            {
              http,
              consumerPath,
              clientId: this.clientId,
              lastEventId: this.lastEventId,
              heartbeatTimeoutMs: this.options.heartbeatTimeoutMs ?? 45_000,
              maxInFlight: this.maxInFlight,
              onEventId: (id) => (this.lastEventId = id),
            },
            listener,
          );
    this.connection = connection;
  }

  private receive({ event, delivery }: ConsumerDelivery): void {
    if (this.stopping) return;
    const position = event.globalPosition;
    // Already under way or queued here (a redelivery after a timeout or a resume): it is acked once it is done.
    if (this.running.has(position) || this.pending.some((queued) => queued.event.globalPosition === position)) return;
    if (delivery > 1 && this.handled.has(position)) {
      this.queueAck(position);
      return;
    }
    this.pending.push({ event, delivery });
    this.pump();
  }

  /** Starts queued events while slots are free, the oldest first among those whose stream is not busy. */
  private pump(): void {
    while (!this.stopping && this.running.size < this.concurrency) {
      const index = this.pending.findIndex(({ event }) => !this.busyStreams.has(event.streamId));
      if (index === -1) return;
      const [next] = this.pending.splice(index, 1);
      this.start(next);
    }
  }

  private start({ event, delivery }: ConsumerDelivery): void {
    const position = event.globalPosition;
    const context: ConsumerContext = { delivery, signal: this.stop.signal };
    // Handled only once this run succeeds: after a forced checkpoint move an event handled before runs
    // again, and if that run fails its redelivery must run the handler rather than be acked unrun.
    this.handled.delete(position);
    this.busyStreams.add(event.streamId);
    // Registered before the handler runs: a handler that stops the run (aborting the signal) is still waited for.
    let settle!: () => void;
    this.running.set(position, new Promise<void>((resolve) => (settle = resolve)));
    void (async () => {
      try {
        await this.handler(event, context);
        this.remember(position);
        this.queueAck(position);
      } catch (error) {
        try {
          this.options.onError?.(error, event, context);
        } catch {
          // A failing callback must not stop the run.
        }
      } finally {
        this.running.delete(position);
        this.busyStreams.delete(event.streamId);
        settle();
        this.pump();
      }
    })();
  }

  private remember(position: number): void {
    this.handled.add(position);
    if (this.handled.size > REMEMBERED) this.handled.delete(this.handled.values().next().value!);
  }

  private queueAck(position: number): void {
    this.acks.push(position);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.flushing || this.acks.length === 0 || !this.connected) return;
    this.flushing = (async () => {
      await Promise.resolve();
      while (this.acks.length > 0 && this.connected && this.connection) {
        const positions = this.acks;
        this.acks = [];
        try {
          await this.connection.ack(positions);
        } catch {
          // Lost acks cost a redelivery, which is acked again without running the handler (see `handled`).
        }
      }
    })().finally(() => {
      this.flushing = undefined;
      if (this.acks.length > 0 && this.connected) this.scheduleFlush();
    });
  }

  private dropped(end: ConnectionEnd, connection: ConsumerConnection): void {
    this.connected = false;
    if (connection instanceof WebSocketConsumerConnection) this.placement = connection.placement;
    // Events not started here are other clients' now; after an SSE drop they stay ours, as the resume re-leases them.
    if (end.handedBack) this.pending.length = 0;
    if (end.permanent) {
      this.failure = end.error ?? new Error(end.reason ?? 'The consumer refused this client');
      this.finish();
      return;
    }
    if (this.stopping) return;
    this.failedAttempts += 1;
    const reconnect = this.options.reconnect ?? {};
    const maxAttempts = reconnect.maxAttempts ?? Infinity;
    if (this.failedAttempts > maxAttempts) {
      this.failure =
        end.error instanceof EventStoreError
          ? end.error
          : new NetworkError({
              code: 'NETWORK_ERROR',
              status: 0,
              message: `The consumer could not reconnect after ${maxAttempts} attempts`,
              cause: end.error,
            });
      this.finish();
      return;
    }
    const delayMs = backoffDelay(this.failedAttempts, {
      initialDelayMs: reconnect.initialDelayMs ?? 250,
      maxDelayMs: reconnect.maxDelayMs ?? 10_000,
    });
    try {
      this.options.onReconnect?.({ attempt: this.failedAttempts, delayMs, code: end.code, reason: end.reason, error: end.error });
    } catch {
      // A failing callback must not stop the run.
    }
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (!this.stopping) this.connect();
    }, delayMs);
  }

  /**
   * Stops: nothing new starts, events queued but not started are left to the service (it hands them
   * to another client once this one detaches), handlers under way finish and their acks are sent,
   * then the connection closes.
   */
  private finish(): void {
    if (this.stopping) return;
    this.stopping = true;
    this.options.signal?.removeEventListener('abort', this.onAbort);
    if (this.reconnectTimer !== undefined) clearTimeout(this.reconnectTimer);
    this.pending.length = 0;
    this.stop.abort();
    void (async () => {
      while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
      while (this.flushing) await this.flushing;
      this.connection?.close();
      this.connection = undefined;
      if (this.failure === undefined) this.resolveDone();
      else this.rejectDone(this.failure);
    })();
  }
}
