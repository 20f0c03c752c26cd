import type { ConnectionEnd, ConnectionListener, ConsumerConnection } from './consumer-connection.js';
import { deliveryOf } from './consumer-connection.js';
import { ConsumerNotFoundError, errorFromCode, EventStoreError, NetworkError, RateLimitedError } from './errors.js';
import type { HttpTransport } from './http.js';
import type { LiveEvent } from './types.js';
import { type KeyPlacement, type OpenSocket, openWebSocket, type WebSocketConstructor } from './websocket.js';

const OPEN = 1;
const NORMAL_CLOSURE = 1000;
/** Refusals a reconnection may overcome: another client may leave (CONSUMER_LIMIT), the service may be busy. */
const TRANSIENT_CODES = new Set(['CONSUMER_LIMIT', 'SUBSCRIPTION_LIMIT', 'RATE_LIMITED', 'SERVICE_UNAVAILABLE']);

type Frame =
  | { type: 'subscribed'; consumer?: string }
  | { type: 'unsubscribed'; consumer?: string; reason?: string }
  | { type: 'event'; consumer?: string; delivery?: number; event: LiveEvent }
  | { type: 'error'; consumer?: string; error: { code: string; message: string } }
  | { type: 'pong' };

export interface WebSocketConnectionOptions {
  http: HttpTransport;
  storePath: string;
  consumerPath: string;
  consumer: string;
  clientId: string;
  WebSocket: WebSocketConstructor;
  /** Where the key goes: a header until the implementation shows it cannot send one (see websocket.ts). */
  placement: KeyPlacement;
  heartbeatIntervalMs: number;
  heartbeatTimeoutMs: number;
  /** Events the service leases to this client at once (it caps this at its own limit). */
  maxInFlight: number;
}

/**
 * A consumer over the store's WebSocket: `subscribe` with the consumer's name, event frames carrying
 * it and their delivery count, `ack` frames back. A ping every `heartbeatIntervalMs`; a socket silent
 * for `heartbeatTimeoutMs` more is taken for dead. `placement` reports where the key went, so the
 * runner can send it in the URL next time if a header was quietly ignored.
 */
export class WebSocketConsumerConnection implements ConsumerConnection {
  private socket: OpenSocket | undefined;
  private ended = false;
  private opened = false;
  private subscribed = false;
  private lastFrameAt = Date.now();
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  placement: KeyPlacement;

  constructor(
    private readonly options: WebSocketConnectionOptions,
    private readonly listener: ConnectionListener,
  ) {
    this.placement = options.placement;
    const url = new URL(options.http.url(`${options.storePath}/events/ws`, { clientId: options.clientId }));
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    let socket: OpenSocket;
    try {
      ({ socket, placement: this.placement } = openWebSocket(options.WebSocket, url, options.http.apiKey, options.placement));
    } catch (error) {
      queueMicrotask(() => this.end({ error, permanent: true }));
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.opened = true;
      this.lastFrameAt = Date.now();
      socket.send(JSON.stringify({ action: 'subscribe', consumer: options.consumer, maxInFlight: options.maxInFlight }));
      this.startHeartbeat();
    };
    socket.onmessage = (message) => {
      this.lastFrameAt = Date.now();
      const frame = parseFrame(message.data);
      if (frame) this.onFrame(frame);
    };
    socket.onerror = () => undefined; // a close event follows
    socket.onclose = ({ code, reason }) => {
      if (this.opened) this.end({ code, reason });
      else void this.diagnose();
    };
  }

  ack(positions: number[]): Promise<void> {
    if (this.socket?.readyState === OPEN) {
      this.socket.send(JSON.stringify({ action: 'ack', consumer: this.options.consumer, positions }));
    }
    return Promise.resolve();
  }

  close(): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify({ action: 'unsubscribe', consumer: this.options.consumer }));
    this.ended = true;
    this.detach();
  }

  private onFrame(frame: Frame): void {
    const { consumer } = this.options;
    switch (frame.type) {
      case 'subscribed':
        if (frame.consumer !== consumer) return;
        this.subscribed = true;
        this.listener.onReady();
        return;
      case 'event':
        if (frame.consumer === consumer) this.listener.onDelivery({ event: frame.event, delivery: deliveryOf(frame) });
        return;
      case 'unsubscribed':
        if (frame.consumer !== consumer) return;
        if (frame.reason === 'deleted') {
          const error = new ConsumerNotFoundError({
            code: 'CONSUMER_NOT_FOUND',
            status: 0,
            message: `The consumer ${consumer} was deleted`,
          });
          this.end({ error, permanent: true });
        } else {
          this.end({ reason: `Unsubscribed by the service (${frame.reason ?? 'no reason given'})` });
        }
        return;
      case 'error': {
        // Only the subscribe decides whether this client runs; a refused ack costs a redelivery, nothing more.
        if (this.subscribed) return;
        const error = errorFromCode({ code: frame.error.code, status: 0, message: frame.error.message });
        this.end({ error, reason: frame.error.message, permanent: !TRANSIENT_CODES.has(frame.error.code) });
        return;
      }
      case 'pong':
        return;
    }
  }

  /**
   * A socket that never opened says nothing about why (browsers hide the HTTP answer): ask over HTTP.
   * A 401, 403 or 404 (the key, its scope, the store or the consumer) ends the run; a quiet refusal of a
   * key sent in a header means the implementation ignores headers, so the next attempt sends it in the URL.
   */
  private async diagnose(): Promise<void> {
    try {
      await this.options.http.request({ method: 'GET', path: this.options.consumerPath });
      if (this.placement === 'header') this.placement = 'url';
      this.end({ reason: 'The WebSocket upgrade was refused' });
    } catch (error) {
      const transient =
        !(error instanceof EventStoreError) || error instanceof NetworkError || error instanceof RateLimitedError || error.status >= 500;
      this.end({ error, permanent: !transient });
    }
  }

  private startHeartbeat(): void {
    const { heartbeatIntervalMs, heartbeatTimeoutMs } = this.options;
    this.heartbeat = setInterval(() => {
      if (Date.now() - this.lastFrameAt > heartbeatIntervalMs + heartbeatTimeoutMs) {
        this.end({ code: 4000, reason: 'No answer to heartbeats' });
        return;
      }
      if (this.socket?.readyState === OPEN) this.socket.send('{"action":"ping"}');
    }, heartbeatIntervalMs);
  }

  private end(end: ConnectionEnd): void {
    if (this.ended) return;
    this.ended = true;
    this.detach();
    // A socket's leases go back to the other clients the moment it closes.
    this.listener.onEnd({ ...end, handedBack: true });
  }

  private detach(): void {
    if (this.heartbeat !== undefined) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    const socket = this.socket;
    this.socket = undefined;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = null;
    socket.onerror = () => undefined;
    try {
      socket.close(NORMAL_CLOSURE, 'Consumer stopped');
    } catch {
      // Closing a socket that never opened may throw in some implementations; it is gone either way.
    }
  }
}

const decoder = new TextDecoder();

function parseFrame(data: unknown): Frame | undefined {
  const text = typeof data === 'string' ? data : data instanceof ArrayBuffer || ArrayBuffer.isView(data) ? decoder.decode(data) : undefined;
  if (text === undefined) return undefined;
  try {
    const frame = JSON.parse(text) as unknown;
    return typeof frame === 'object' && frame !== null && typeof (frame as { type?: unknown }).type === 'string'
      ? (frame as Frame)
      : undefined;
  } catch {
    return undefined;
  }
}
