import type { LiveEvent } from './types.js';

/** One event as a consumer's connection hands it over: the event and which delivery of it this is (1 the first). */
export interface ConsumerDelivery<Event extends LiveEvent = LiveEvent> {
  event: Event;
  delivery: number;
}

/** How a connection ended: `permanent` is an error no reconnection changes (the consumer deleted, the key revoked). */
export interface ConnectionEnd {
  code?: number;
  reason?: string;
  error?: unknown;
  permanent?: boolean;
  /** The service took back what this connection held: events received but not started belong to other clients now. */
  handedBack?: boolean;
}

/** What a transport tells the runner. */
export interface ConnectionListener {
  /** The server attached this client to the consumer: deliveries follow. */
  onReady(): void;
  onDelivery(delivery: ConsumerDelivery): void;
  /** Called once, when the connection is gone for whatever reason other than `close()`. */
  onEnd(end: ConnectionEnd): void;
}

/** One attachment of a client to a consumer, over a WebSocket or Server-Sent Events. */
export interface ConsumerConnection {
  /** Acks these positions; resolves once sent (a WebSocket) or answered (SSE). */
  ack(positions: number[]): Promise<void>;
  /** Detaches: the server hands what this connection held and did not ack to other clients. */
  close(): void;
}

/** The delivery count the service sends with every consumer event (`delivery` on the frame, or in the SSE event's data). */
export function deliveryOf(source: unknown): number {
  const delivery = typeof source === 'object' && source !== null ? (source as { delivery?: unknown }).delivery : undefined;
  return typeof delivery === 'number' ? delivery : 1;
}
