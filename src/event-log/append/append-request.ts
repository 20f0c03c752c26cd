import type { JsonText } from '../../common/json/json-text';
import type { IdempotencyRequest } from '../idempotency/idempotency-request.decorator';
import { eventPayload } from './event-payload';
import { ExpectedVersion, expectedVersionArgument } from './expected-version';

/** An event to append; its data and metadata may be the compact JSON text the client sent (compactAppendBody). */
export interface NewEvent {
  type: string;
  data: Record<string, unknown> | JsonText;
  metadata?: Record<string, unknown> | JsonText | null;
  tags?: string[];
  schemaVersion?: string;
}

export interface AppendResult {
  eventStoreId: string;
  streamId: string;
  eventsAppended: number;
  firstPosition: number;
  lastPosition: number;
  streamVersion: number;
  transactionId: string;
  createdAt: string;
}

/** The consumer that processed `position` with an append (exactly-once processing, docs/consumers.md). */
export interface ConsumerPosition {
  name: string;
  position: number;
}

/** A stream append or a DCB append, as `append_batch` takes it. */
export interface StreamAppendRequest {
  kind: 'stream';
  streamId: string;
  expectedVersion: ExpectedVersion | undefined;
  events: NewEvent[];
  idempotency?: IdempotencyRequest;
  consumer?: ConsumerPosition;
}

export interface DcbAppendRequest {
  kind: 'dcb';
  events: NewEvent[];
  condition?: { items: object[]; after: number };
  idempotency?: IdempotencyRequest;
  consumer?: ConsumerPosition;
}

export type AppendRequest = StreamAppendRequest | DcbAppendRequest;

/** A request as `append_batch` takes it: one element of its JSON array, and its events' data and metadata (eventPayload). */
export interface SerialisedRequest {
  json: string;
  payload: Buffer;
}

/** The request serialised once (the events' part by eventPayload); its `sizeBytes` is its payload's length in bytes. */
export async function serialiseRequest(request: AppendRequest): Promise<SerialisedRequest> {
  const { json, payload, sizeBytes } = await eventPayload(request.events);
  const header =
    request.kind === 'stream'
      ? {
          kind: request.kind,
          streamId: request.streamId,
          expectedVersion: expectedVersionArgument(request.expectedVersion),
          idempotency: request.idempotency,
          consumer: request.consumer,
          sizeBytes,
        }
      : { kind: request.kind, condition: request.condition, idempotency: request.idempotency, consumer: request.consumer, sizeBytes };
  return { json: `${JSON.stringify(header).slice(0, -1)},"events":${json}}`, payload };
}
