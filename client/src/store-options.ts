// The options of EventStore's methods, and what they return besides the service's own types.
import type {
  AppendCondition,
  ConsumerPosition,
  ExpectedStreamVersion,
  ListStreamsOptions,
  ReadDirection,
  RetryPolicy,
  StoredEvent,
  SubscriptionPosition,
} from './types.js';

export interface CallOptions {
  signal?: AbortSignal;
}

export interface AppendOptions extends CallOptions {
  /**
   * Makes the append safe to retry for 24 hours: the service stores it once and answers a repeat
   * with the first response. The client generates one per call when none is given, which covers its
   * own retries; give your own to cover retries of the whole call (after a crash, say).
   */
  idempotencyKey?: string;
  /**
   * Records, in the same transaction as the events, that the consumer `name` processed the event at
   * global `position`. If it already had, nothing is appended and the append throws
   * `AlreadyProcessedError`: a reaction to an event is then stored exactly once.
   */
  consumer?: ConsumerPosition;
}

export interface AppendToStreamOptions extends AppendOptions {
  /** The stream's current version (events ever appended), `no_stream`, `stream_exists` or `any` (default). */
  expectedStreamVersion?: ExpectedStreamVersion;
}

export interface AppendEventsOptions extends AppendOptions {
  /** Fail with `AppendConditionFailedError` if events matching `failIfEventsMatch` were appended after `after`. */
  condition?: AppendCondition;
}

export interface ReadStreamOptions extends CallOptions {
  direction?: ReadDirection;
  /** Lowest stream position to return (inclusive). */
  fromStreamPosition?: number;
  /** Highest stream position to return (inclusive); a backward read starts there. */
  toStreamPosition?: number;
}

export interface ReadEventsOptions extends CallOptions {
  /** Event types; each may be a pattern (`*`, `prefix.*`, `*.suffix`). */
  types?: string | string[];
  /** Stream ids. */
  streams?: string | string[];
  /** Only events created after this instant (exclusive). */
  createdAfter?: Date | string;
  /** Only events created before this instant (exclusive). */
  createdBefore?: Date | string;
  /** Start at this global position (inclusive): the lowest forward, the highest backward. */
  fromGlobalPosition?: number;
  direction?: ReadDirection;
}

export interface QueryEventsOptions extends CallOptions {
  /** Only events after this global position (exclusive). Default 0: every matching event. */
  after?: number;
}

/** Which streams `listStreams` iterates (every one by default). */
export type ListStreamsFilter = Omit<ListStreamsOptions, 'limit' | 'offset'> & CallOptions;

export interface AggregateStreamOptions<State, Event extends StoredEvent> extends ReadStreamOptions {
  initialState: State;
  evolve: (state: State, event: Event) => State;
}

export interface Aggregate<State> {
  state: State;
  /** Events ever appended to the stream: the `expectedStreamVersion` of an append that must follow this state. */
  streamVersion: number;
}

export interface WebhookSubscriptionInput {
  /** Where the worker POSTs each matching event. */
  url: string;
  /** `*`, `prefix.*`, `*.suffix` or an exact event type. */
  eventFilter: string;
  /** Sent with every delivery (an `Authorization` for the receiver, say); never shown again. */
  headers?: Record<string, string>;
  /** The Standard Webhooks signing secret (`whsec_` + base64 of 24–64 bytes); generated and returned once when absent. */
  secret?: string;
  retryPolicy?: RetryPolicy;
  /** `latest` (default), `beginning`, or N: deliveries start after global position N. */
  position?: SubscriptionPosition;
}

export interface CloseWebSocketClientOptions extends CallOptions {
  /** Sent as the close reason (printable ASCII, at most 120 characters). */
  reason?: string;
}
