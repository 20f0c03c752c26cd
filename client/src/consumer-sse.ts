import type { ConnectionEnd, ConnectionListener, ConsumerConnection } from './consumer-connection.js';
import { deliveryOf } from './consumer-connection.js';
import { ConsumerNotFoundError, EventStoreError, NetworkError, RateLimitedError } from './errors.js';
import type { HttpTransport } from './http.js';
import type { LiveEvent } from './types.js';

export interface SseConnectionOptions {
  http: HttpTransport;
  consumerPath: string;
  clientId: string;
  /** The id of the last event received on an earlier connection of this client: the server re-leases what it held. */
  lastEventId: string | undefined;
  /** The service sends a comment every ~15 s; a stream silent for this long is taken for dead. */
  heartbeatTimeoutMs: number;
  /** Events the service leases to this client at once (it caps this at its own limit). */
  maxInFlight: number;
  /** Called with each event's `id:` as it arrives. */
  onEventId: (id: string) => void;
}

/** One message of a `text/event-stream`, as the WHATWG parsing rules build it. */
interface Message {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * A consumer over Server-Sent Events: `GET …/consumers/{name}/events` read with `fetch` as a stream
 * (so the key travels in a header, and any runtime with `fetch` works, no EventSource needed), and
 * acks as `POST …/consumers/{name}/ack` with this client's id. After a dropped stream the next
 * connection sends `Last-Event-ID`, so what the server held for this client is handed to it again
 * rather than to another client, and acks of events received before the drop still count.
 */
export class SseConsumerConnection implements ConsumerConnection {
  private readonly abort = new AbortController();
  private ended = false;
  private ready = false;
  private watchdog: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly options: SseConnectionOptions,
    private readonly listener: ConnectionListener,
  ) {
    void this.read();
  }

  async ack(positions: number[]): Promise<void> {
    await this.options.http.request({
      method: 'POST',
      path: `${this.options.consumerPath}/ack`,
      body: { positions, clientId: this.options.clientId },
    });
  }

  close(): void {
    this.ended = true;
    this.stopWatchdog();
    this.abort.abort();
  }

  private async read(): Promise<void> {
    const { http, consumerPath, clientId, lastEventId } = this.options;
    let body: ReadableStream<Uint8Array>;
    // Watched from the request on: a server that takes the connection and never answers is left like a silent stream.
    this.feedWatchdog();
    try {
      ({ body } = await http.openEventStream({
        path: `${consumerPath}/events`,
        query: { clientId, maxInFlight: this.options.maxInFlight },
        headers: lastEventId === undefined ? {} : { 'last-event-id': lastEventId },
        signal: this.abort.signal,
      }));
    } catch (error) {
      const transient =
        !(error instanceof EventStoreError) || error instanceof NetworkError || error instanceof RateLimitedError || error.status >= 500;
      this.end({ error, permanent: !transient });
      return;
    }
    if (this.ended) return;
    this.feedWatchdog();
    const reader = body.getReader();
    const parser = new EventStreamParser((message) => this.onMessage(message));
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.feedWatchdog();
        parser.push(value);
      }
      this.end({ reason: 'The service ended the event stream' });
    } catch (error) {
      this.end({ error });
    } finally {
      reader.releaseLock();
    }
  }

  private onMessage(message: Message): void {
    if (this.ended) return;
    if (message.id !== undefined && message.id !== '') this.options.onEventId(message.id);
    if (message.data === '') return;
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    if (typeof data !== 'object' || data === null) return;
    if (message.event === 'subscribed') return this.markReady();
    if (message.event === 'unsubscribed') return this.unsubscribed(data);
    // The data is the event as reads return it plus the consumer's name and the delivery count, which the handler gets apart.
    const { consumer: _consumer, delivery: _delivery, ...event } = data as LiveEvent & { consumer?: unknown; delivery?: unknown };
    if (typeof event.globalPosition !== 'number') return;
    this.markReady();
    this.listener.onDelivery({ event, delivery: deliveryOf(data) });
  }

  private markReady(): void {
    if (this.ready) return;
    this.ready = true;
    this.listener.onReady();
  }

  /** The server ends the stream: for good when the consumer was deleted, otherwise (a shutdown) the client reconnects. */
  private unsubscribed({ reason }: { reason?: unknown }): void {
    if (reason === 'deleted') {
      const consumer = this.options.consumerPath.split('/').pop()!;
      const message = `The consumer ${decodeURIComponent(consumer)} was deleted`;
      this.end({ error: new ConsumerNotFoundError({ code: 'CONSUMER_NOT_FOUND', status: 0, message }), permanent: true });
    } else {
      // After a forced checkpoint move the service forgot what it leased: nothing held here is this client's any more.
      const handedBack = reason === 'checkpoint_moved';
      this.end({ reason: `Unsubscribed by the service (${typeof reason === 'string' ? reason : 'no reason given'})`, handedBack });
    }
  }

  private feedWatchdog(): void {
    this.stopWatchdog();
    this.watchdog = setTimeout(() => this.end({ reason: 'No heartbeat from the service' }), this.options.heartbeatTimeoutMs);
  }

  private stopWatchdog(): void {
    if (this.watchdog !== undefined) clearTimeout(this.watchdog);
    this.watchdog = undefined;
  }

  private end(end: ConnectionEnd): void {
    if (this.ended) return;
    this.ended = true;
    this.stopWatchdog();
    this.abort.abort();
    this.listener.onEnd(end);
  }
}

/** Splits a `text/event-stream` into messages (fields `id`, `event`, `data`; comment lines such as heartbeats are skipped). */
export class EventStreamParser {
  private readonly decoder = new TextDecoder();
  private buffer = '';
  private id: string | undefined;
  private event = '';
  private data: string[] = [];

  constructor(private readonly onMessage: (message: Message) => void) {}

  push(chunk: Uint8Array): void {
    this.buffer += this.decoder.decode(chunk, { stream: true });
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      // A lone \r at the end may be the first half of \r\n: wait for the next chunk.
      if (!match || (match[0] === '\r' && match.index === this.buffer.length - 1)) return;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      this.line(line);
    }
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data.length > 0 || this.id !== undefined)
        this.onMessage({ id: this.id, event: this.event || 'message', data: this.data.join('\n') });
      this.id = undefined;
      this.event = '';
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
  }
}
