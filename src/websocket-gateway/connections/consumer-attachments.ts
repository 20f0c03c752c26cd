import { ConsumerClientLimitError, ConsumerNotFoundError } from '../../consumers/consumers.errors';
import type { DetachReason } from '../../consumers/consumer.constants';
import type { ConsumerClient } from '../../consumers/engine/consumer-client';
import type { ConsumerDispatcher } from '../../consumers/engine/consumer-dispatcher';
import type { LeasedEvent } from '../../consumers/engine/consumer-leases';
import type { ProtocolErrorCode } from '../ws-protocol';
import type { UpgradeSession } from './upgrade-session';

/** What a socket offers its consumer attachments. */
export interface ConsumerFrameSink {
  send(frame: string): void;
  hasRoom(): boolean;
  sendError(code: ProtocolErrorCode, message: string): void;
}

/**
 * One socket's attachment to a consumer. Events claimed before `subscribed` went out (the first
 * claim runs as it attaches) wait for it, so the client hears `subscribed` first.
 */
class WebSocketConsumerClient implements ConsumerClient {
  readonly shape = 'frame' as const;
  readonly transport = 'websocket' as const;
  private waiting: LeasedEvent[] | null = [];
  private readonly namePart: string;

  constructor(
    readonly holderId: string,
    readonly consumerName: string,
    readonly maxInFlight: number,
    private readonly session: UpgradeSession,
    private readonly sink: ConsumerFrameSink,
    private readonly onDetached: (client: WebSocketConsumerClient, reason: DetachReason) => void,
  ) {
    this.namePart = JSON.stringify(consumerName);
  }

  get clientId(): string {
    return this.session.clientId;
  }
  get eventStoreId(): string {
    return this.session.eventStoreId;
  }
  get tenantId(): string {
    return this.session.principal.tenantId;
  }

  hasRoom(): boolean {
    return this.sink.hasRoom();
  }

  start(): void {
    const waiting = this.waiting ?? [];
    this.waiting = null;
    this.deliver(waiting);
  }

  deliver(events: LeasedEvent[]): void {
    if (this.waiting) {
      this.waiting.push(...events);
      return;
    }
    for (const { delivery, json } of events) {
      this.sink.send(`{"type":"event","consumer":${this.namePart},"delivery":${delivery},"event":${json}}`);
    }
  }

  detached(reason: DetachReason): void {
    this.onDetached(this, reason);
  }
}

/** The consumers one socket is attached to (docs/consumers.md): subscribe, ack and unsubscribe by consumer name. */
export class ConsumerAttachments {
  private readonly attached = new Map<string, WebSocketConsumerClient>();
  private attachments = 0;
  /** Acks handed to the dispatcher and not yet settled: settled before the socket's leases go back. */
  private readonly acking = new Set<Promise<void>>();

  constructor(
    private readonly session: UpgradeSession,
    private readonly sink: ConsumerFrameSink,
    private readonly dispatcher: ConsumerDispatcher,
    private readonly maxInFlight: number,
  ) {}

  get size(): number {
    return this.attached.size;
  }

  async subscribe(name: string, maxInFlight = this.maxInFlight): Promise<void> {
    if (this.attached.has(name)) return this.sendSubscribed(this.attached.get(name)!);
    // A holder id of its own per attachment: cleaning up after this one never touches the leases of a later one.
    this.attachments += 1;
    const holderId = `${this.session.connectionId}.${this.attachments}`;
    const limit = Math.min(maxInFlight, this.maxInFlight);
    const client = new WebSocketConsumerClient(holderId, name, limit, this.session, this.sink, (detached, reason) =>
      this.serverDetached(detached, reason),
    );
    try {
      await this.dispatcher.attach(client);
    } catch (error) {
      if (error instanceof ConsumerNotFoundError) return this.sink.sendError('CONSUMER_NOT_FOUND', error.message);
      if (error instanceof ConsumerClientLimitError) return this.sink.sendError('CONSUMER_LIMIT', error.message);
      throw error;
    }
    this.attached.set(name, client);
    this.sendSubscribed(client);
    client.start();
  }

  async ack(name: string, selection: { positions?: number[]; upTo?: number }): Promise<void> {
    const client = this.attached.get(name);
    if (!client) return this.sink.sendError('CONSUMER_NOT_FOUND', `This connection is not subscribed to consumer '${name}'`);
    // Not awaited: the socket's next acks join the dispatcher's next batch while this one is settled.
    const acking = this.dispatcher.ackFromClient(client, selection).finally(() => this.acking.delete(acking));
    this.acking.add(acking);
  }

  async unsubscribe(name: string): Promise<void> {
    const client = this.attached.get(name);
    if (!client) return this.sink.sendError('CONSUMER_NOT_FOUND', `This connection is not subscribed to consumer '${name}'`);
    this.attached.delete(name);
    await Promise.all(this.acking);
    await this.dispatcher.detach(client);
    this.sink.send(JSON.stringify({ type: 'unsubscribed', consumer: name, reason: 'unsubscribed' }));
  }

  /** The socket is gone: every attachment hands its leases back. */
  async dispose(): Promise<void> {
    const clients = [...this.attached.values()];
    this.attached.clear();
    await Promise.all(this.acking);
    await Promise.all(clients.map((client) => this.dispatcher.detach(client)));
  }

  private sendSubscribed(client: WebSocketConsumerClient): void {
    this.sink.send(
      JSON.stringify({ type: 'subscribed', consumer: client.consumerName, clientId: client.clientId, maxInFlight: client.maxInFlight }),
    );
  }

  private serverDetached(client: WebSocketConsumerClient, reason: DetachReason): void {
    if (this.attached.get(client.consumerName) !== client) return;
    this.attached.delete(client.consumerName);
    this.sink.send(JSON.stringify({ type: 'unsubscribed', consumer: client.consumerName, reason }));
  }
}
