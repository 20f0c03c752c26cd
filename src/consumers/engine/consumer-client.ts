import type { EventShape } from '../../event-log/read/stored-event';
import type { DetachReason } from '../consumer.constants';
import type { LeasedEvent } from './consumer-leases';

/**
 * One client attached to a consumer on this instance: a WebSocket's subscription or an SSE stream.
 * `holderId` names this attachment's leases: it is new for every attachment, so cleaning up after an
 * old one (a dropped socket noticed late) can never release the leases of a new one, even when the
 * client reconnects with the same clientId.
 */
export interface ConsumerClient {
  readonly holderId: string;
  readonly clientId: string;
  readonly eventStoreId: string;
  readonly tenantId: string;
  readonly consumerName: string;
  /** `frame` for WebSocket frames, `stored` for SSE (the read endpoints' event). */
  readonly shape: EventShape;
  readonly maxInFlight: number;
  transport: 'websocket' | 'sse';
  /** Whether the transport can take more now (a slow reader gets nothing more until it drains). */
  hasRoom(): boolean;
  deliver(events: LeasedEvent[]): void;
  /** The attachment ended from the server's side (the consumer was deleted, the instance shuts down). */
  detached(reason: DetachReason): void;
}
