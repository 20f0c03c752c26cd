import { WebSocket } from 'ws';

/** One event as a client received it. */
export interface Delivery {
  client: string;
  position: number;
  streamId: string;
  streamPosition: number;
  delivery: number;
}

/**
 * What every client of one consumer received and acked, checked as it happens against the
 * consumer's promises: one event of a stream in flight at a time, across clients; a stream's events
 * in order; nothing acked delivered again; every ack once.
 */
export class ConsumerLedger {
  readonly violations: string[] = [];
  readonly deliveries: Delivery[] = [];
  readonly acks = new Map<number, number>();
  /** Positions a client held unacked when it left: the only ones that may be delivered twice. */
  readonly handedBack = new Set<number>();
  private readonly holders = new Map<string, { client: string; position: number }>();
  private readonly ackedPerStream = new Map<string, number>();

  received(delivery: Delivery): void {
    this.deliveries.push(delivery);
    const holder = this.holders.get(delivery.streamId);
    if (holder) {
      this.violations.push(
        `${delivery.streamId}: ${delivery.position} delivered to ${delivery.client} while ${holder.position} is in flight on ${holder.client}`,
      );
    }
    if (this.acks.has(delivery.position)) this.violations.push(`${delivery.position} delivered again after its ack`);
    const expected = this.ackedPerStream.get(delivery.streamId) ?? 0;
    if (delivery.streamPosition !== expected) {
      this.violations.push(`${delivery.streamId}: stream position ${delivery.streamPosition} delivered before ${expected} was acked`);
    }
    this.holders.set(delivery.streamId, { client: delivery.client, position: delivery.position });
  }

  acked(streamId: string, position: number): void {
    this.acks.set(position, (this.acks.get(position) ?? 0) + 1);
    if (this.acks.get(position)! > 1) this.violations.push(`${position} acked twice`);
    this.holders.delete(streamId);
    this.ackedPerStream.set(streamId, (this.ackedPerStream.get(streamId) ?? 0) + 1);
  }

  /** A leaving client got an event it will not process: the server hands it back with the rest. */
  unprocessed(position: number): void {
    this.handedBack.add(position);
  }

  /** The client left: what it held goes back to the server, to be delivered again. */
  left(client: string): void {
    for (const [streamId, holder] of this.holders) {
      if (holder.client !== client) continue;
      this.handedBack.add(holder.position);
      this.holders.delete(streamId);
    }
  }
}

interface EventFrame {
  type: string;
  delivery?: number;
  event?: { globalPosition: number; streamId: string; streamPosition: number };
}

/** A WebSocket client of one consumer that acks each event as soon as it has recorded it. */
export class CompetingClient {
  private leaving = false;
  private unsentAcks = 0;
  private subscribed?: () => void;

  private constructor(
    readonly name: string,
    private readonly ws: WebSocket,
    private readonly consumer: string,
    private readonly ledger: ConsumerLedger,
  ) {
    ws.on('message', (data: Buffer) => this.take(JSON.parse(data.toString()) as EventFrame));
  }

  /** Opens a socket (`url` with the key and clientId) and subscribes to the consumer. */
  static async attach(url: string, name: string, consumer: string, ledger: ConsumerLedger): Promise<CompetingClient> {
    const ws = new WebSocket(url);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const client = new CompetingClient(name, ws, consumer, ledger);
    const subscribed = new Promise<void>((resolve) => (client.subscribed = resolve));
    ws.send(JSON.stringify({ action: 'subscribe', consumer }));
    await subscribed;
    return client;
  }

  get closed(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => this.ws.once('close', () => resolve()));
  }

  /** Stops acking, lets the acks already sent reach the server, and hands what it holds back; then `end` closes the socket. */
  async leave(end: 'kill' | 'close' | 'none'): Promise<void> {
    this.leaving = true;
    while (this.unsentAcks > 0 || this.ws.bufferedAmount > 0) await new Promise((resolve) => setTimeout(resolve, 5));
    this.ledger.left(this.name);
    if (end === 'kill') this.ws.terminate();
    if (end === 'close') this.ws.close();
    if (end !== 'none') await this.closed;
  }

  private take(frame: EventFrame): void {
    if (frame.type === 'subscribed') return this.subscribed?.();
    if (frame.type !== 'event' || !frame.event) return;
    const { globalPosition: position, streamId, streamPosition } = frame.event;
    if (this.leaving) return this.ledger.unprocessed(position);
    this.ledger.received({ client: this.name, position, streamId, streamPosition, delivery: frame.delivery ?? 0 });
    setImmediate(() => {
      if (this.leaving) return;
      this.ledger.acked(streamId, position);
      this.unsentAcks += 1;
      this.ws.send(JSON.stringify({ action: 'ack', consumer: this.consumer, positions: [position] }), () => (this.unsentAcks -= 1));
    });
  }
}
