export { EventStoreClient, type EventStoreClientOptions, type ListStoresFilter, type RawRequest } from './client.js';
export {
  AlreadyProcessedError,
  AppendConditionFailedError,
  ConsumerNotFoundError,
  EventStoreError,
  type EventStoreErrorInit,
  type FieldError,
  ForbiddenError,
  HistoryRolledBackError,
  IdempotencyConflictError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  StreamNotFoundError,
  StreamSizeExceededError,
  UnauthorizedError,
  ValidationError,
  VersionConflictError,
  WebSocketUnavailableError,
} from './errors.js';
export { Consumer, type SetCheckpointOptions } from './consumer.js';
export type { ConsumerContext, ConsumerHandler, RunOptions } from './consumer-run.js';
export type { FetchInit, FetchLike, FetchResponseLike } from './http.js';
export {
  composeProjections,
  type DecideOptions,
  type DecideResult,
  type Decision,
  type DecisionState,
  defineProjection,
  type EventMap,
  type MissingEventsTypeArgument,
  type Projection,
  type ProjectionDefinition,
  type ProjectionHandlers,
  type ProjectionRecord,
  type StateOf,
  type UntypedEvents,
} from './projections.js';
export { DEFAULT_RETRY_OPTIONS, type RetryOptions } from './retry.js';
export type { EventStore } from './store.js';
export type {
  Aggregate,
  AggregateStreamOptions,
  AppendEventsOptions,
  AppendOptions,
  AppendToStreamOptions,
  CallOptions,
  CloseWebSocketClientOptions,
  ListStreamsFilter,
  QueryEventsOptions,
  ReadEventsOptions,
  ReadStreamOptions,
  WebhookSubscriptionInput,
} from './store-options.js';
export type { ReconnectInfo, ReconnectOptions, SubscribeOptions, Subscription } from './subscription.js';
export type { WebSocketConstructor, WebSocketLike } from './websocket.js';
export type * from './types.js';
export { verifyWebhook, type VerifyWebhookOptions, type WebhookHeaders, WebhookVerificationError } from './webhooks.js';
