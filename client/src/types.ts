import type { components, operations } from './generated/openapi.js';

/**
 * The client's request and response types, taken from the service's OpenAPI document
 * (generated/openapi.ts) so that a change on the server fails the client's compilation.
 */
type Schemas = components['schemas'];
type JsonContent<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body an operation answers with the given status. */
export type ResponseOf<Operation extends keyof operations, Status extends keyof operations[Operation]['responses']> = JsonContent<
  operations[Operation]['responses'][Status]
>;

/** The JSON body an operation takes. */
export type BodyOf<Operation extends keyof operations> = operations[Operation] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The query parameters an operation takes. */
export type QueryOf<Operation extends keyof operations> = NonNullable<operations[Operation]['parameters']['query']>;

export type JsonObject = Record<string, unknown>;

/** An event to append: a type, its data, and optionally metadata, DCB tags and a schema version. */
export type NewEvent<Type extends string = string, Data extends object = JsonObject> = Omit<
  Schemas['SubmittedEventDto'],
  'type' | 'data'
> & {
  type: Type;
  data: Data;
};

/** A stored event as reads return it (`metadata` when it was given, `tags` when it has any; DCB reads always give `tags`). */
export type StoredEvent<Type extends string = string, Data extends object = JsonObject> = Omit<
  Schemas['StoredEventResponseDto'],
  'type' | 'data'
> & {
  type: Type;
  data: Data;
};

/** An event as a WebSocket subscription delivers it: no metadata, tags, schema version or transaction id. */
export type LiveEvent<Type extends string = string, Data extends object = JsonObject> = Pick<
  StoredEvent<Type, Data>,
  'streamId' | 'streamPosition' | 'globalPosition' | 'eventId' | 'type' | 'data' | 'createdAt'
>;

/** The API key a client uses: its id, tenant and scopes. */
export type CurrentApiKey = ResponseOf<'getCurrentApiKey', 200>;

export type CreateEventStoreInput = BodyOf<'createEventStore'>;
export type EventStoreInfo = ResponseOf<'createEventStore', 201>;
export type EventStoreDetails = ResponseOf<'getEventStore', 200>;
/** One page of the tenant's stores, as the service answers it. */
export type EventStoreList = ResponseOf<'listEventStores', 200>;
export type ListEventStoresOptions = QueryOf<'listEventStores'>;
/** Events appended per minute over the last hour, and the store's newest global position. */
export type EventStoreActivity = ResponseOf<'getEventStoreActivity', 200>;

export type ExpectedStreamVersion = BodyOf<'appendToStream'>['expectedStreamVersion'];
type AppendToStreamResponse = ResponseOf<'appendToStream', 200>;
/**
 * What an append to a stream did. The service names the stream's version `currentStreamVersion` in
 * this answer; the client calls it `streamVersion`, as everywhere else (see the README's vocabulary).
 */
export type AppendToStreamResult = Omit<AppendToStreamResponse, 'currentStreamVersion'> & {
  /** Events ever appended to the stream, this append included: the `expectedStreamVersion` of the next append. */
  streamVersion: AppendToStreamResponse['currentStreamVersion'];
};
/** One page of the store's streams, as the service answers it. */
export type StreamList = ResponseOf<'listStreams', 200>;
export type StreamSummary = StreamList['streams'][number];
export type ListStreamsOptions = QueryOf<'listStreams'>;
export type ReadDirection = NonNullable<QueryOf<'readStream'>['direction']>;

/** A DCB query: events matching any item; an item matches an event of one of its `types` carrying all its `tags`. */
export type DcbQuery = NonNullable<BodyOf<'queryEvents'>['query']>;
export type DcbQueryItem = NonNullable<DcbQuery['items']>[number];
/** A DCB append condition: fail if an event matching `failIfEventsMatch` lies after `after`. */
export type AppendCondition = NonNullable<BodyOf<'appendEvents'>['condition']>;
export type AppendEventsResult = ResponseOf<'appendEvents', 200>;

export type CreateWebhookSubscriptionBody = BodyOf<'createWebhookSubscription'>;
export type RetryPolicy = NonNullable<CreateWebhookSubscriptionBody['retryPolicy']>;
/**
 * Where a subscription starts: `beginning`, `latest`, or N: after global position N (exclusive).
 * Written out because the document's type (`string | number`, as digits in a string are accepted too)
 * loses the two names.
 */
export type SubscriptionPosition = 'beginning' | 'latest' | number;
export type WebhookSubscriptionCreated = ResponseOf<'createWebhookSubscription', 201>;
export type SubscriptionList = ResponseOf<'listSubscriptions', 200>;
/** A webhook subscription, or (`subscriberType: "websocket"`) a subscription of an open WebSocket. */
export type SubscriptionInfo = ResponseOf<'getSubscription', 200>;
export type SubscriptionDeleted = ResponseOf<'deleteSubscription', 200>;
export type DeadLetterList = ResponseOf<'listDeadLetters', 200>;
export type DeadLetter = DeadLetterList['deadLetters'][number];
export type DeadLetterReplayed = ResponseOf<'replayDeadLetter', 202>;
export type DeadLettersReplayed = ResponseOf<'replayDeadLetters', 202>;
export type WebSocketConnectionList = ResponseOf<'listWebSocketConnections', 200>;
export type WebSocketConnection = WebSocketConnectionList['connections'][number];
export type WebSocketClientClosed = ResponseOf<'closeWebSocketClient', 200>;

/** The body of a webhook delivery (not an operation of the API, so not in its document). */
export interface WebhookDelivery<Type extends string = string, Data extends object = JsonObject> {
  event: StoredEvent<Type, Data>;
  eventStoreId: string;
  subscriptionId: string;
  /** `<subscriptionId>:<eventId>`, the same on every attempt: the key to drop repeats by. */
  deliveryId: string;
  /** 1 for the first attempt, then one more per retry (and per replay of a dead letter). */
  attempt: number;
}

/** Which events a consumer takes (`eventFilter`), where its checkpoint starts (`from`), `ackTimeoutMs` and `maxDeliveries`; all have defaults. */
export type CreateConsumerInput = Omit<BodyOf<'createConsumer'>, 'name'>;
/**
 * A consumer's settings and state: `checkpoint` (every matching event at or below it is done), `lag`
 * (the store's `lastPosition` − `checkpoint`), `inFlight`, `connectedClients` and `parked`.
 */
export type ConsumerInfo = ResponseOf<'getConsumer', 200>;
/** One page of a store's consumers, as the service answers it. */
export type ConsumerList = ResponseOf<'listConsumers', 200>;
/** The events a consumer gave up on after `maxDeliveries` deliveries. */
export type ParkedEventList = ResponseOf<'listParkedEvents', 200>;
/** An event parked after `maxDeliveries` deliveries without an ack (`streamId` and `type` null once retention deleted it). */
export type ParkedEvent = ParkedEventList['items'][number];
/** What an ack settled, and the consumer's checkpoint after it. */
export type ConsumerAcked = ResponseOf<'ackConsumerEvents', 200>;
/** A consumer and the global position of the event an append reacts to. */
export type ConsumerPosition = NonNullable<BodyOf<'appendToStream'>['consumer']>;
