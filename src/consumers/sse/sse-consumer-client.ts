import type { ServerResponse } from 'node:http';
import { DetachReason, SSE_HEARTBEAT_INTERVAL_MS } from '../consumer.constants';
import type { ConsumerClient } from '../engine/consumer-client';
import type { LeasedEvent } from '../engine/consumer-leases';

export interface SseClientIdentity {
  holderId: string;
  clientId: string;
  eventStoreId: string;
  tenantId: string;
  consumerName: string;
  maxInFlight: number;
}

/** One line per `data:` field: SSE joins them with newlines, which JSON reads as whitespace. */
function dataLines(json: string): string {
  return json
    .split('\n')
    .map((line) => `data: ${line}`)
    .join('\n');
}

/**
 * A consumer's client on a Server-Sent Events response. Events delivered before the response has
 * started (between the attach and the headers) wait, in order, and go out with it. A reader that
 * falls behind stops getting events (hasRoom) while its kernel buffers are full: what it holds in
 * memory is bounded by its in-flight limit. `maxBufferedBytes` past that closes it, as for a slow WebSocket.
 */
export class SseConsumerClient implements ConsumerClient {
  readonly shape = 'stored' as const;
  transport = 'sse' as const;
  private response: ServerResponse | null = null;
  private waiting: string[] = [];
  private ended = false;
  private heartbeats?: NodeJS.Timeout;

  constructor(
    private readonly identity: SseClientIdentity,
    private readonly maxBufferedBytes: number,
    private readonly onEnd: (client: SseConsumerClient) => void,
  ) {}

  get holderId(): string {
    return this.identity.holderId;
  }
  get clientId(): string {
    return this.identity.clientId;
  }
  get eventStoreId(): string {
    return this.identity.eventStoreId;
  }
  get tenantId(): string {
    return this.identity.tenantId;
  }
  get consumerName(): string {
    return this.identity.consumerName;
  }
  get maxInFlight(): number {
    return this.identity.maxInFlight;
  }

  /** The response has its headers: what waited goes out. */
  start(response: ServerResponse): void {
    this.response = response;
    for (const chunk of this.waiting) response.write(chunk);
    this.waiting = [];
    this.heartbeats = setInterval(() => this.write(': heartbeat\n\n'), SSE_HEARTBEAT_INTERVAL_MS);
    this.heartbeats.unref();
  }

  hasRoom(): boolean {
    return !this.ended && (this.response === null || this.response.writableLength < this.maxBufferedBytes / 4);
  }

  deliver(events: LeasedEvent[]): void {
    const suffix = (delivery: number) => `,"consumer":${JSON.stringify(this.consumerName)},"delivery":${delivery}}`;
    const text = events
      .map(({ position, delivery, json }) => `id: ${position}\nevent: event\n${dataLines(json.slice(0, -1) + suffix(delivery))}\n\n`)
      .join('');
    this.write(text);
  }

  write(text: string): void {
    if (this.ended) return;
    if (!this.response) {
      this.waiting.push(text);
      return;
    }
    if (this.response.writableLength > this.maxBufferedBytes) return this.end();
    this.response.write(text);
  }

  detached(reason: DetachReason): void {
    this.write(`event: unsubscribed\ndata: ${JSON.stringify({ consumer: this.consumerName, reason })}\n\n`);
    this.end();
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.heartbeats);
    this.response?.end();
    this.onEnd(this);
  }
}
