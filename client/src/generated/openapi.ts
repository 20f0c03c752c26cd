/**
 * Request and response types of the Event Store Service's HTTP API, generated from its OpenAPI
 * document (`/docs-json`) by openapi-typescript. Do not edit: run `npm run build && npm run generate -w client`.
 * A test regenerates this file from the built service and fails when it differs.
 */

export interface paths {
  '/metrics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Prometheus metrics of this API instance
     * @description Requires `Authorization: Bearer <METRICS_TOKEN>`. With several API processes on the instance (`WEB_CONCURRENCY`), the metrics of all of them together (counters and histograms summed).
     */
    get: operations['scrapeMetrics'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Exchange an API key for an access token (JWT) to the `/api` paths
     * @description The token (HS256) carries the key id as `sub`, its tenant and scopes, and stops working when the key is revoked.
     */
    post: operations['issueAccessToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api-keys/current': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The API key of this request: its id and name, its tenant and scopes
     * @description Lets a client offer only what the key may do (the web console hides actions a `read` key would be refused).
     */
    get: operations['getCurrentApiKey'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/tenants': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List tenants, oldest first */
    get: operations['listTenants'];
    put?: never;
    /** Create a tenant */
    post: operations['createTenant'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/tenants/{tenantId}/api-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a tenant's API keys (never their secrets) */
    get: operations['listApiKeys'];
    put?: never;
    /**
     * Create an API key for a tenant
     * @description The secret `key` is returned only in this response.
     */
    post: operations['createApiKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/api-keys/{apiKeyId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an API key
     * @description Answered once every API instance refuses the key: from the next request on, on any instance, the key, the tokens issued for it and new WebSockets with it are refused; its open WebSockets close with 1008 within 2 s. Without Redis the answer waits about a second.
     */
    delete: operations['revokeApiKey'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the tenant's event stores, oldest first */
    get: operations['listEventStores'];
    put?: never;
    /** Create an event store */
    post: operations['createEventStore'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get an event store with its settings and statistics */
    get: operations['getEventStore'];
    put?: never;
    post?: never;
    /** Delete an event store with all its events and subscriptions */
    delete: operations['deleteEventStore'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/event-stores': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the authenticated tenant's event stores, oldest first */
    get: operations['listEventStoresWithToken'];
    put?: never;
    /** Create an event store for the authenticated tenant */
    post: operations['createEventStoreWithToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/event-stores/{eventStoreName}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get an event store with its settings and statistics */
    get: operations['getEventStoreWithToken'];
    put?: never;
    post?: never;
    /** Delete an event store with all its events and subscriptions */
    delete: operations['deleteEventStoreWithToken'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/activity': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Events appended per minute over the last hour, and the newest position
     * @description Counts the events appended in each UTC minute, by the database clock, as the appends commit: reading it costs the same whatever the store holds. Events deleted by retention since stay counted in the minute they were appended in.
     */
    get: operations['getEventStoreActivity'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/streams/{streamId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read a stream, forward or backward, a page at a time */
    get: operations['readStream'];
    put?: never;
    /**
     * Append events to a stream
     * @description All events or none; positions are gap-free and in commit order.
     */
    post: operations['appendToStream'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/streams': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the store's streams, oldest first or last appended to first
     * @description `filter` finds streams by a part of their id; `streamType` and `hasEvents` narrow the list further.
     */
    get: operations['listStreams'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read events across the whole store in global order, filtered by type, stream and time */
    get: operations['readEvents'];
    put?: never;
    /**
     * Append events without a stream, optionally only if no event matching a query appeared after a position
     * @description Read with POST …/query, decide, then append with `condition: { failIfEventsMatch: <the same query>, after: <its lastPosition> }`.
     */
    post: operations['appendEvents'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/event-stores/{eventStoreName}/streams/{streamId}/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read a stream forward from `from` (inclusive) to `to` (exclusive) */
    get: operations['readStreamWithToken'];
    put?: never;
    /** Append events to a stream */
    post: operations['appendToStreamWithToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/query': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Read the events matching a query of types and tags, after a position */
    post: operations['queryEvents'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/subscribe': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Subscribe a webhook to the events matching a filter
     * @description Every matching event is POSTed to the URL, one at a time in global-position order, signed per Standard Webhooks. The same filter, url and headers (and secret, if given) as an existing subscription return it with 200.
     */
    post: operations['createWebhookSubscription'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/subscriptions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the store's subscriptions
     * @description Webhook subscriptions oldest first, then the subscriptions of WebSockets open on any API instance (`subscriberType: "websocket"`).
     */
    get: operations['listSubscriptions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/subscriptions/{subscriptionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a subscription: a webhook one with its delivery state, or one of an open WebSocket */
    get: operations['getSubscription'];
    put?: never;
    post?: never;
    /**
     * Delete a subscription; deliveries stop
     * @description A webhook subscription's dead letters go with it; a WebSocket subscription ends on its socket, whose client gets `unsubscribed`.
     */
    delete: operations['deleteSubscription'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/subscriptions/{subscriptionId}/dead-letters': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a subscription's dead letters in global-position order */
    get: operations['listDeadLetters'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/subscriptions/{subscriptionId}/dead-letters/replay': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Deliver every dead letter of a subscription again
     * @description Each takes its turn in the subscription’s one-at-a-time delivery, in global-position order, before its new events; one already waiting for its replay keeps its place. Delivered, each is removed.
     */
    post: operations['replayDeadLetters'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/subscriptions/{subscriptionId}/dead-letters/{deadLetterId}/replay': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Deliver a dead letter again
     * @description It takes its turn in the subscription’s one-at-a-time delivery, with the same webhook-id and attempts from 1; delivered, it is removed.
     */
    post: operations['replayDeadLetter'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/consumers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the store's consumers, oldest first */
    get: operations['listConsumers'];
    put?: never;
    /**
     * Create a durable consumer
     * @description The service keeps its checkpoint and the events in flight, shares its events among the clients attached to it (WebSocket `{"action":"subscribe","consumer":…}` or `GET …/consumers/{name}/events`), redelivers what is not acked within `ackTimeoutMs` and parks an event after `maxDeliveries` deliveries. At most `CONSUMERS_MAX_PER_STORE` per store.
     */
    post: operations['createConsumer'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/consumers/{consumerName}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a consumer with its checkpoint, lag, events in flight, attached clients and parked events */
    get: operations['getConsumer'];
    put?: never;
    post?: never;
    /**
     * Delete a consumer
     * @description Its records go with it; attached WebSocket clients get `unsubscribed` (reason `deleted`) and SSE streams end.
     */
    delete: operations['deleteConsumer'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/consumers/{consumerName}/checkpoint': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Move a consumer's checkpoint (reset or skip)
     * @description Events after the new position are delivered. Pending, in-flight and parked records are dropped; moving back also forgets the positions recorded by `consumer` appends above it. Refused while clients are attached unless `force: true`.
     */
    put: operations['moveConsumerCheckpoint'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/consumers/{consumerName}/parked': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a consumer's parked events in position order */
    get: operations['listParkedEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/consumers/{consumerName}/parked/{position}/replay': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Deliver a parked event again
     * @description It becomes pending, with its deliveries counted from 0.
     */
    post: operations['replayParkedEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/consumers/{consumerName}/parked/{position}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Skip a parked event
     * @description It counts as done, as if acked.
     */
    delete: operations['skipParkedEvent'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/consumers/{consumerName}/ack': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Acknowledge events delivered over Server-Sent Events
     * @description `positions` and/or `upTo` (every delivered event at or below it); with `clientId`, only events delivered to that client. The checkpoint advances over contiguous done positions.
     */
    post: operations['ackConsumerEvents'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/consumers/{consumerName}/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Consume a consumer's events as Server-Sent Events
     * @description Each event: `id: <global position>`, `event: event`, `data:` the event as the read endpoints return it plus `consumer` and `delivery`; first an `event: subscribed` with the `clientId`; `: heartbeat` comments every 15 s; `event: unsubscribed` before the server ends the stream (consumer deleted, shutdown). Ack with `POST …/ack`. The key may come as `?apiKey=` (`?accessToken=` on /api paths) for EventSource. `Last-Event-ID` (or `?lastEventId=`) with the same `clientId`: what the client held up to it counts as received and is not sent again.
     */
    get: operations['streamConsumerEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/event-stores/{eventStoreName}/consumers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the store's consumers, oldest first */
    get: operations['listConsumersWithToken'];
    put?: never;
    /**
     * Create a durable consumer
     * @description The service keeps its checkpoint and the events in flight, shares its events among the clients attached to it (WebSocket `{"action":"subscribe","consumer":…}` or `GET …/consumers/{name}/events`), redelivers what is not acked within `ackTimeoutMs` and parks an event after `maxDeliveries` deliveries. At most `CONSUMERS_MAX_PER_STORE` per store.
     */
    post: operations['createConsumerWithToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/event-stores/{eventStoreName}/consumers/{consumerName}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a consumer with its checkpoint, lag, events in flight, attached clients and parked events */
    get: operations['getConsumerWithToken'];
    put?: never;
    post?: never;
    /**
     * Delete a consumer
     * @description Its records go with it; attached WebSocket clients get `unsubscribed` (reason `deleted`) and SSE streams end.
     */
    delete: operations['deleteConsumerWithToken'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/event-stores/{eventStoreName}/consumers/{consumerName}/checkpoint': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Move a consumer's checkpoint (reset or skip)
     * @description Events after the new position are delivered. Pending, in-flight and parked records are dropped; moving back also forgets the positions recorded by `consumer` appends above it. Refused while clients are attached unless `force: true`.
     */
    put: operations['moveConsumerCheckpointWithToken'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/event-stores/{eventStoreName}/consumers/{consumerName}/parked': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List a consumer's parked events in position order */
    get: operations['listParkedEventsWithToken'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/event-stores/{eventStoreName}/consumers/{consumerName}/parked/{position}/replay': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Deliver a parked event again
     * @description It becomes pending, with its deliveries counted from 0.
     */
    post: operations['replayParkedEventWithToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/event-stores/{eventStoreName}/consumers/{consumerName}/parked/{position}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Skip a parked event
     * @description It counts as done, as if acked.
     */
    delete: operations['skipParkedEventWithToken'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/event-stores/{eventStoreName}/consumers/{consumerName}/ack': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Acknowledge events delivered over Server-Sent Events
     * @description `positions` and/or `upTo` (every delivered event at or below it); with `clientId`, only events delivered to that client. The checkpoint advances over contiguous done positions.
     */
    post: operations['ackConsumerEventsWithToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/event-stores/{eventStoreName}/consumers/{consumerName}/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Consume a consumer's events as Server-Sent Events
     * @description Each event: `id: <global position>`, `event: event`, `data:` the event as the read endpoints return it plus `consumer` and `delivery`; first an `event: subscribed` with the `clientId`; `: heartbeat` comments every 15 s; `event: unsubscribed` before the server ends the stream (consumer deleted, shutdown). Ack with `POST …/ack`. The key may come as `?apiKey=` (`?accessToken=` on /api paths) for EventSource. `Last-Event-ID` (or `?lastEventId=`) with the same `clientId`: what the client held up to it counts as received and is not sent again.
     */
    get: operations['streamConsumerEventsWithToken'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/websocket-connections': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the store's open WebSocket connections on every API instance
     * @description Connections are opened at `GET /event-stores/{eventStoreId}/events/ws` (see there for the protocol).
     */
    get: operations['listWebSocketConnections'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/websocket-connections/{clientId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Close every connection of a client, on whichever instance it is
     * @description Each socket gets close code 1000 with the reason; its subscriptions end.
     */
    delete: operations['closeWebSocketClient'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/event-stores/{eventStoreId}/events/ws': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Open a WebSocket for live events of the store (replay, then live)
     * @description Open with a WebSocket client: `ws://<host>/event-stores/{eventStoreId}/events/ws?apiKey=<key>&clientId=<optional>`
     *     (the key may be sent as `Authorization: Bearer <key>` instead; it needs the `read` scope). A refused upgrade is an ordinary
     *     HTTP response in the error envelope and no socket opens.
     *
     *     Client messages (JSON text frames):
     *     - `{"action":"subscribe","eventFilter":"order.*","position":"latest"}` → `{"type":"subscribed","subscriptionId","eventFilter","position"}`.
     *       `eventFilter`: `*` (default), `prefix.*`, `*.suffix` or an exact type. `position`: `latest` (default, events appended from now on),
     *       `beginning`, or N (events after global position N). The replay switches to live events with no gap and no duplicate.
     *       An API key runs at most WS_MAX_REPLAYS_PER_KEY replays (from `beginning` or N) at once on an instance: a further one is
     *       acknowledged and waits its turn, then replays in full.
     *     - `{"action":"unsubscribe","subscriptionId":"wss_…"}` → `{"type":"unsubscribed","subscriptionId"}`.
     *     - `{"action":"ping"}` → `{"type":"pong"}`.
     *
     *     Server messages: `{"type":"event","subscriptionId","event":{streamId,streamPosition,globalPosition,eventId,type,data,createdAt}}`, in
     *     global-position order per subscription; `{"type":"error","error":{code,message}}` with code INVALID_MESSAGE, UNKNOWN_ACTION,
     *     INVALID_FILTER, INVALID_POSITION, SUBSCRIPTION_NOT_FOUND or SUBSCRIPTION_LIMIT (over WS_MAX_SUBSCRIPTIONS_PER_CONNECTION, default
     *     100); the socket stays open. Client frames are at most 64 KiB (larger: close 1009).
     *
     *     Close codes: 1000 closed by an administrator (with the reason) or store deleted; 1001 server shutting down; 1008 API key revoked,
     *     or a slow consumer: more than WS_MAX_BUFFERED_BYTES of frames waiting behind the one being written (so one event of any
     *     size an append takes reaches a client that reads). The server pings every WS_PING_INTERVAL_MS and drops a peer that
     *     missed a ping.
     */
    get: operations['openWebSocket'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness: the process is up and serving HTTP */
    get: operations['checkLiveness'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health/ready': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Readiness: the PostgreSQL host the service writes to takes writes, and so does Redis */
    get: operations['checkReadiness'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Where to go: the web console, the API explorer, the OpenAPI document, health
     * @description A client whose `Accept` prefers `text/html` (a browser) gets the same links as a page.
     */
    get: operations['getServiceIndex'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    ErrorBodyDto: {
      /**
       * @description Stable machine-readable code
       * @example NOT_FOUND
       */
      code: string;
      /** @example Event store es_4f1c… not found */
      message: string;
      /**
       * @description Context: ids involved; for VALIDATION_ERROR `fields: [{ field, message }]`; for INTERNAL_ERROR `requestId`
       * @example {
       *       "eventStoreId": "es_4f1c…"
       *     }
       */
      details: {
        [key: string]: unknown;
      };
    };
    ErrorResponseDto: {
      error: components['schemas']['ErrorBodyDto'];
    };
    AccessTokenResponseDto: {
      /** @example eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9… */
      accessToken: string;
      /**
       * @example Bearer
       * @enum {string}
       */
      tokenType: 'Bearer';
      /**
       * @description Seconds until the token expires
       * @example 3600
       */
      expiresIn: number;
    };
    FlatErrorResponseDto: {
      /** @example UNAUTHORIZED */
      error: string;
      /** @example Missing or invalid credentials */
      message: string;
      /** @example {} */
      details: {
        [key: string]: unknown;
      };
    };
    CurrentApiKeyResponseDto: {
      /** @example key_5e0f2a9c7b1d4e6f8a2b3c4d */
      apiKeyId: string;
      /**
       * @description The name the key was created with
       * @example billing-service
       */
      apiKeyName: string;
      /** @example ten_1a2b3c4d5e6f7a8b9c0d1e2f */
      tenantId: string;
      /**
       * @description The tenant's name
       * @example acme
       */
      tenantName: string;
      /**
       * @description What the key may do: `read`, `write`, `admin`
       * @example [
       *       "read",
       *       "write"
       *     ]
       */
      scopes: ('read' | 'write' | 'admin')[];
    };
    CreateTenantDto: {
      /**
       * @description Unique tenant name
       * @example acme
       */
      name: string;
    };
    TenantResponseDto: {
      /** @example ten_0b6a5c2e9f1d4a7b8c3e2f10 */
      id: string;
      /** @example acme */
      name: string;
      /** @example 2026-11-21T12:00:00.000Z */
      createdAt: string;
    };
    TenantListResponseDto: {
      tenants: components['schemas']['TenantResponseDto'][];
      /** @example 1 */
      totalCount: number;
    };
    CreateApiKeyDto: {
      /** @example billing-service */
      name: string;
      /**
       * @description `read`: reads, queries, WebSocket; `write`: appends; `admin`: stores, subscriptions, connections, dead letters
       * @example [
       *       "read",
       *       "write"
       *     ]
       */
      scopes: ('read' | 'write' | 'admin')[];
    };
    CreatedApiKeyResponseDto: {
      /** @example key_5e0f2a9c7b1d4e6f8a2b3c4d */
      id: string;
      /** @example billing-service */
      name: string;
      /**
       * @example [
       *       "read",
       *       "write"
       *     ]
       */
      scopes: ('read' | 'write' | 'admin')[];
      /**
       * @description First 12 characters of the key, to recognise it
       * @example esk_Qm9vbGVh
       */
      prefix: string;
      /** @example 2026-11-21T12:00:00.000Z */
      createdAt: string;
      /**
       * @description The secret key. Shown only in this response; store it now.
       * @example esk_Qm9vbGVhbi1rZXktZXhhbXBsZS1vbmx5LW5vdC1yZWFs
       */
      key: string;
    };
    ApiKeyResponseDto: {
      /** @example key_5e0f2a9c7b1d4e6f8a2b3c4d */
      id: string;
      /** @example billing-service */
      name: string;
      /**
       * @example [
       *       "read",
       *       "write"
       *     ]
       */
      scopes: ('read' | 'write' | 'admin')[];
      /**
       * @description First 12 characters of the key, to recognise it
       * @example esk_Qm9vbGVh
       */
      prefix: string;
      /** @example 2026-11-21T12:00:00.000Z */
      createdAt: string;
      /**
       * @description Updated at most once a minute
       * @example null
       */
      lastUsedAt: string | null;
      /** @example null */
      revokedAt: string | null;
    };
    ApiKeyListResponseDto: {
      apiKeys: components['schemas']['ApiKeyResponseDto'][];
      /** @example 1 */
      totalCount: number;
    };
    EventStoreSettingsDto: {
      /**
       * @description Events older than this many days are deleted by the retention sweep (fractions allowed); null keeps them forever
       * @example 30
       */
      retentionPeriodDays?: number | null;
      /**
       * @description Appends that would take a named stream past this size get 409 STREAM_SIZE_EXCEEDED; null is unlimited
       * @example 10485760
       */
      maxStreamSizeBytes?: number | null;
    };
    CreateEventStoreDto: {
      /**
       * @description Unique within the tenant: 3-63 of a-z, 0-9, `_`, `-`; must not start with `es_`
       * @example orders
       */
      name: string;
      /**
       * @default
       * @example Order lifecycle events
       */
      description?: string;
      /**
       * @default default
       * @example eu-west-1
       */
      region?: string;
      settings?: components['schemas']['EventStoreSettingsDto'];
    };
    EventStoreSettingsResponseDto: {
      /** @example null */
      retentionPeriodDays: number | null;
      /** @example null */
      maxStreamSizeBytes: number | null;
    };
    EventStoreResponseDto: {
      /** @example es_8c1f0e9a2b3d4c5e6f7a8b9c */
      id: string;
      /** @example orders */
      name: string;
      /** @example Order lifecycle events */
      description: string;
      /** @example default */
      region: string;
      /**
       * @example active
       * @enum {string}
       */
      status: 'active';
      /** @example 2026-11-21T12:00:00.000Z */
      createdAt: string;
      /** @example 2026-11-21T12:00:00.000Z */
      updatedAt: string;
      settings: components['schemas']['EventStoreSettingsResponseDto'];
    };
    EventStoreListResponseDto: {
      eventStores: components['schemas']['EventStoreResponseDto'][];
      /**
       * @description Stores matching the filter, all pages together
       * @example 1
       */
      totalCount: number;
      /** @example 50 */
      limit: number;
      /** @example 0 */
      offset: number;
    };
    EventStoreStatisticsDto: {
      /**
       * @description Named streams ever appended to
       * @example 0
       */
      totalStreams: number;
      /**
       * @description Stored events, DCB events included
       * @example 0
       */
      totalEvents: number;
      /**
       * @description UTF-8 bytes of the stored events’ data and metadata
       * @example 0
       */
      databaseSizeBytes: number;
      /** @example null */
      oldestEventTimestamp: string | null;
      /** @example null */
      newestEventTimestamp: string | null;
    };
    EventStoreDetailsResponseDto: {
      /** @example es_8c1f0e9a2b3d4c5e6f7a8b9c */
      id: string;
      /** @example orders */
      name: string;
      /** @example Order lifecycle events */
      description: string;
      /** @example default */
      region: string;
      /**
       * @example active
       * @enum {string}
       */
      status: 'active';
      /** @example 2026-11-21T12:00:00.000Z */
      createdAt: string;
      /** @example 2026-11-21T12:00:00.000Z */
      updatedAt: string;
      settings: components['schemas']['EventStoreSettingsResponseDto'];
      statistics: components['schemas']['EventStoreStatisticsDto'];
    };
    ActivityMinuteDto: {
      /**
       * @description Start of the UTC minute
       * @example 2026-11-21T12:00:00.000Z
       */
      start: string;
      /**
       * @description Events appended in that minute
       * @example 42
       */
      events: number;
    };
    StoreActivityResponseDto: {
      /** @example es_8c1f0e9a2b3d4c5e6f7a8b9c */
      eventStoreId: string;
      /**
       * @description Global position of the newest event (0 before the first append)
       * @example 1234
       */
      lastPosition: number;
      /** @description The last 60 minutes, oldest first; the last one is the current minute so far */
      minutes: components['schemas']['ActivityMinuteDto'][];
    };
    SubmittedEventDto: {
      /**
       * @description Dotted names recommended; no whitespace or control characters
       * @example order.created
       */
      type: string;
      /**
       * @example {
       *       "orderId": "o-1",
       *       "total": 42
       *     }
       */
      data: {
        [key: string]: unknown;
      };
      /**
       * @description null is the same as omitted
       * @example {
       *       "correlationId": "c-9"
       *     }
       */
      metadata?: {
        [key: string]: unknown;
      } | null;
      /**
       * @description Opaque strings (1-255 characters, no comma) that DCB queries and conditions match
       * @example [
       *       "customer:c-7"
       *     ]
       */
      tags?: string[];
      /**
       * @default 1
       * @example 1
       */
      schemaVersion?: string;
    };
    ConsumerPositionDto: {
      /**
       * @description A consumer of this store
       * @example order-process-manager
       */
      name: string;
      /**
       * @description The position the consumer processed
       * @example 42
       */
      position: number;
    };
    AppendToStreamDto: {
      events: components['schemas']['SubmittedEventDto'][];
      /**
       * @description Optimistic concurrency: the version (events ever appended) the stream must be at. Default `any`.
       * @example 0
       */
      expectedStreamVersion?: number | ('any' | 'no_stream' | 'stream_exists');
      /** @description The consumer that processed `position` with this append, recorded in its transaction; already processed: 409 ALREADY_PROCESSED, nothing written */
      consumer?: components['schemas']['ConsumerPositionDto'];
    };
    AppendToStreamResponseDto: {
      /** @example order-1001 */
      streamId: string;
      /** @example 2 */
      eventsAppended: number;
      /**
       * @description Events ever appended to the stream, this append included
       * @example 2
       */
      currentStreamVersion: number;
      /**
       * @description Global position of the last appended event
       * @example 17
       */
      globalPosition: number;
    };
    StoredEventResponseDto: {
      /**
       * @description For DCB events the reserved value `__dcb__`
       * @example order-1001
       */
      streamId: string;
      /**
       * @description 0-based position within the stream
       * @example 0
       */
      streamPosition: number;
      /**
       * @description Position in the whole store: starts at 1, gap-free, in commit order
       * @example 1
       */
      globalPosition: number;
      /** Format: uuid */
      eventId: string;
      /** @example order.created */
      type: string;
      /**
       * @example {
       *       "orderId": "o-1"
       *     }
       */
      data: {
        [key: string]: unknown;
      };
      /** @description Present when the event was submitted with metadata */
      metadata?: {
        [key: string]: unknown;
      };
      /** @description Always present on DCB reads; on other reads only when the event carries tags */
      tags?: string[];
      /** @example 1 */
      schemaVersion: string;
      /**
       * Format: uuid
       * @description Shared by all events of one append
       */
      transactionId: string;
      /** @example 2026-11-21T12:00:00.000Z */
      createdAt: string;
    };
    ReadStreamResponseDto: {
      /** @example order-1001 */
      streamId: string;
      events: components['schemas']['StoredEventResponseDto'][];
      /** @description More events lie in the requested range beyond this page */
      hasMore: boolean;
      /**
       * @description Events ever appended to the stream
       * @example 3
       */
      streamVersion: number;
    };
    StreamSummaryDto: {
      /** @example order-1001 */
      streamId: string;
      /** @example order */
      streamType: string;
      /** @example 3 */
      streamVersion: number;
      /** @example 17 */
      lastGlobalPosition: number;
      /**
       * @description UTF-8 bytes of the stored events' compact JSON data and metadata
       * @example 312
       */
      sizeBytes: number;
      /** @example 2026-11-21T12:00:00.000Z */
      createdAt: string;
      /** @example 2026-11-21T12:00:05.000Z */
      updatedAt: string;
    };
    PaginationDto: {
      /** @example 100 */
      limit: number;
      /** @example 0 */
      offset: number;
      /** @example 1 */
      total: number;
      hasMore: boolean;
    };
    ListStreamsResponseDto: {
      streams: components['schemas']['StreamSummaryDto'][];
      pagination: components['schemas']['PaginationDto'];
    };
    ReadEventsResponseDto: {
      events: components['schemas']['StoredEventResponseDto'][];
      hasMore: boolean;
    };
    AppendOptionsDto: {
      /**
       * @description Optimistic concurrency: the version (events ever appended) the stream must be at. Default `any`.
       * @example 0
       */
      expectedStreamVersion?: number | ('any' | 'no_stream' | 'stream_exists');
    };
    ApiAppendToStreamDto: {
      events: components['schemas']['SubmittedEventDto'][];
      /**
       * @description Optimistic concurrency: the version (events ever appended) the stream must be at. Default `any`.
       * @example 0
       */
      expectedStreamVersion?: number | ('any' | 'no_stream' | 'stream_exists');
      /** @description The consumer that processed `position` with this append, recorded in its transaction; already processed: 409 ALREADY_PROCESSED, nothing written */
      consumer?: components['schemas']['ConsumerPositionDto'];
      /** @description Another place for `expectedStreamVersion`; when the body gives it at the top level too, the top-level value wins */
      options?: components['schemas']['AppendOptionsDto'];
    };
    ApiAppendToStreamResponseDto: {
      /** @example true */
      success: boolean;
      /** @example order-1001 */
      streamId: string;
      /** @example 2 */
      eventsWritten: number;
      /**
       * @description The version to expect on the next append
       * @example 2
       */
      nextExpectedStreamVersion: number;
      /** @example 2 */
      currentStreamVersion: number;
      /** @example 17 */
      globalPosition: number;
    };
    ApiReadStreamResponseDto: {
      /** @example order-1001 */
      streamId: string;
      events: components['schemas']['StoredEventResponseDto'][];
      /** @example 3 */
      currentStreamVersion: number;
      hasMore: boolean;
    };
    AppendConditionFailedResponseDto: {
      /** @example Append condition failed */
      error: string;
      /** @example APPEND_CONDITION_FAILED */
      code: string;
      /** @example 2 events after position 41 match failIfEventsMatch */
      details: string;
      /**
       * @description Matching positions after `after`, ascending, the lowest 100 at most
       * @example [
       *       43,
       *       47
       *     ]
       */
      conflictingPositions: number[];
      /** @example 41 */
      afterPosition: number;
    };
    DcbQueryItemDto: {
      /**
       * @description ORed
       * @example [
       *       "CourseCreated",
       *       "StudentSubscribed"
       *     ]
       */
      types?: string[];
      /**
       * @description ANDed
       * @example [
       *       "course:c1"
       *     ]
       */
      tags?: string[];
    };
    DcbQueryDto: {
      /**
       * @description ORed. The query's cost, the sum over items of (types, at least 1) × (tags, at least 1), may be at most the service's DCB_MAX_QUERY_COST (1000 unless configured); a costlier query is refused with 400 `VALIDATION_ERROR` (`details.limit: "dcbQueryCost"`) before it runs.
       * @default []
       */
      items?: components['schemas']['DcbQueryItemDto'][];
    };
    AppendConditionDto: {
      /** @description The append fails if any event after `after` matches this query */
      failIfEventsMatch: components['schemas']['DcbQueryDto'];
      /**
       * @description Only events after this position (exclusive) count; omitted: all events
       * @example 41
       */
      after?: number;
    };
    AppendDcbEventsDto: {
      events: components['schemas']['SubmittedEventDto'][];
      condition?: components['schemas']['AppendConditionDto'];
      /** @description The consumer that processed `position` with this append, recorded in its transaction; already processed: 409 ALREADY_PROCESSED, nothing written */
      consumer?: components['schemas']['ConsumerPositionDto'];
    };
    AppendDcbEventsResponseDto: {
      /**
       * @description Global position of the last appended event
       * @example 42
       */
      lastPosition: number;
    };
    ReadDcbEventsDto: {
      /** @description Omitted: every event */
      query?: components['schemas']['DcbQueryDto'];
      /**
       * @description Only events after this position (exclusive)
       * @default 0
       */
      after?: number;
      /**
       * @description Most events in the page. A page also ends early, with `hasMore: true`, once its events reach the read budget (`READ_PAGE_MAX_BYTES`, 16 MiB of event JSON by default); it always holds at least one event, however large. Read on with `after: lastPosition`.
       * @default 100
       */
      limit?: number;
    };
    ReadDcbEventsResponseDto: {
      /** @description In position order, each with `tags` */
      events: components['schemas']['StoredEventResponseDto'][];
      /**
       * @description Position of the last returned event, or `after` when none: pass it as the next `after` or condition
       * @example 42
       */
      lastPosition: number;
      /** @description More matching events follow `lastPosition`: the page ended at `limit` or at the read budget (extension). Read on with `after: lastPosition` while true */
      hasMore: boolean;
    };
    SubscriberConfigDto: {
      /** @example https://example.com/hooks/orders */
      url: string;
      /**
       * @description Sent with every delivery; their values are never shown in responses
       * @example {
       *       "Authorization": "Bearer receiver-token"
       *     }
       */
      headers?: {
        [key: string]: string;
      };
      /**
       * @description Standard Webhooks signing secret; generated when absent and shown once in the 201 response
       * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
       */
      secret?: string;
    };
    RetryPolicyDto: {
      /** @default 3 */
      maxRetries?: number;
      /** @default 2 */
      backoffMultiplier?: number;
      /** @default 1000 */
      initialBackoffMs?: number;
    };
    CreateSubscriptionDto: {
      /**
       * @description `*`, `<prefix>.*`, `*.<suffix>` or an exact event type
       * @example order.*
       */
      eventFilter: string;
      /**
       * @description WebSocket subscriptions are opened over a WebSocket
       * @default webhook
       * @enum {string}
       */
      subscriberType?: 'webhook';
      subscriberConfig: components['schemas']['SubscriberConfigDto'];
      /** @description Waits are initialBackoffMs × backoffMultiplier^(n-1), at most 1 h */
      retryPolicy?: components['schemas']['RetryPolicyDto'];
      /**
       * @description `latest`: events appended after creation; `beginning`: every stored event; N: events after global position N
       * @default latest
       * @example latest
       */
      position?: ('latest' | 'beginning') | number | string;
    };
    WebhookConfigResponseDto: {
      /** @example https://example.com/hooks/orders */
      url: string;
      /**
       * @description Only in the 201 that created the subscription
       * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
       */
      secret?: string;
    };
    RetryPolicyResponseDto: {
      /** @example 3 */
      maxRetries: number;
      /** @example 2 */
      backoffMultiplier: number;
      /** @example 1000 */
      initialBackoffMs: number;
    };
    CreateSubscriptionResponseDto: {
      /** @example sub_5b1e9c0d2a3f4e5d6c7b8a90 */
      subscriptionId: string;
      /** @example es_8c1f0e9a2b3d4c5e6f7a8b9c */
      eventStoreId: string;
      /** @example order.* */
      eventFilter: string;
      /**
       * @example webhook
       * @enum {string}
       */
      subscriberType: 'webhook';
      subscriberConfig: components['schemas']['WebhookConfigResponseDto'];
      retryPolicy: components['schemas']['RetryPolicyResponseDto'];
      /**
       * @example active
       * @enum {string}
       */
      status: 'active';
      /** @example 2026-11-21T12:00:00.000Z */
      createdAt: string;
      /** @example 2026-11-21T12:00:00.000Z */
      updatedAt: string;
      /**
       * @description When the last delivery attempt started
       * @example null
       */
      lastDeliveryAttempt: string | null;
      /**
       * @description Events given up on after the last retry (dead letters made)
       * @example 0
       */
      failedDeliveries: number;
      /**
       * @description Every event up to this global position was delivered, dead-lettered, did not match, or lies before the start position
       * @example 0
       */
      lastProcessedEventGlobalPosition: number;
      /**
       * @description True (with status 200) when an identical webhook subscription already existed
       * @example false
       */
      isExistingSubscription: boolean;
    };
    SubscriptionResponseDto: {
      /** @example sub_5b1e9c0d2a3f4e5d6c7b8a90 */
      subscriptionId: string;
      /** @example es_8c1f0e9a2b3d4c5e6f7a8b9c */
      eventStoreId: string;
      /** @example order.* */
      eventFilter: string;
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      subscriberType: 'webhook';
      subscriberConfig: components['schemas']['WebhookConfigResponseDto'];
      retryPolicy: components['schemas']['RetryPolicyResponseDto'];
      /**
       * @example active
       * @enum {string}
       */
      status: 'active';
      /** @example 2026-11-21T12:00:00.000Z */
      createdAt: string;
      /** @example 2026-11-21T12:00:00.000Z */
      updatedAt: string;
      /**
       * @description When the last delivery attempt started
       * @example null
       */
      lastDeliveryAttempt: string | null;
      /**
       * @description Events given up on after the last retry (dead letters made)
       * @example 0
       */
      failedDeliveries: number;
      /**
       * @description Every event up to this global position was delivered, dead-lettered, did not match, or lies before the start position
       * @example 0
       */
      lastProcessedEventGlobalPosition: number;
    };
    WebSocketSubscriberResponseDto: {
      /** @example conn_7a2b9c4d1e0f3a5b6c8d9e0f */
      connectionId: string;
      /** @example dashboard-1 */
      clientId: string;
    };
    WebSocketSubscriptionResponseDto: {
      /** @example wss_1c9e0b7d2a4f6e8c0b1d3f5a */
      subscriptionId: string;
      /** @example es_8c1f0e9a2b3d4c5e6f7a8b9c */
      eventStoreId: string;
      /** @example order.* */
      eventFilter: string;
      /**
       * @description discriminator enum property added by openapi-typescript
       * @enum {string}
       */
      subscriberType: 'websocket';
      /** @description The socket that holds it */
      subscriberConfig: components['schemas']['WebSocketSubscriberResponseDto'];
      /**
       * @example active
       * @enum {string}
       */
      status: 'active';
      /** @example 2026-11-21T12:00:00.000Z */
      createdAt: string;
      /**
       * @description When the last event frame was sent
       * @example null
       */
      lastDeliveryAttempt: string | null;
      /**
       * @description Always 0: a socket that cannot keep up is closed, not retried
       * @example 0
       */
      failedDeliveries: number;
      /**
       * @description Every event up to this global position was sent or did not match
       * @example 0
       */
      lastProcessedEventGlobalPosition: number;
    };
    SubscriptionListResponseDto: {
      /** @description Webhook subscriptions, then those of open WebSockets, each oldest first */
      subscriptions: (components['schemas']['SubscriptionResponseDto'] | components['schemas']['WebSocketSubscriptionResponseDto'])[];
      /** @example 1 */
      totalCount: number;
    };
    DeleteSubscriptionResponseDto: {
      /** @example true */
      success: boolean;
      /** @example Subscription 'sub_5b1e9c0d2a3f4e5d6c7b8a90' deleted */
      message: string;
    };
    DeadLetterResponseDto: {
      /** @example dl_0a1b2c3d4e5f60718293a4b5 */
      id: string;
      /** @example 42 */
      globalPosition: number;
      /** @example 0f8fad5b-d9cb-469f-a165-70867728950e */
      eventId: string;
      /**
       * @description The event's type; null once retention deleted the event
       * @example order.created
       */
      type: string | null;
      /**
       * @description The event's stream (`__dcb__` for a DCB event); null once retention deleted the event
       * @example order-1001
       */
      streamId: string | null;
      /**
       * @description Attempts made in the round that failed
       * @example 4
       */
      attempts: number;
      /**
       * @description Null when no response came (timeout, refused connection)
       * @example 503
       */
      lastStatusCode: number | null;
      /** @example HTTP 503 */
      lastError: string;
      /** @example 2026-11-21T12:00:07.000Z */
      failedAt: string;
      /**
       * @description Set while a replay waits for its turn
       * @example null
       */
      replayRequestedAt: string | null;
    };
    DeadLetterListResponseDto: {
      deadLetters: components['schemas']['DeadLetterResponseDto'][];
      /** @example 1 */
      totalCount: number;
    };
    ReplayDeadLettersResponseDto: {
      /** @example true */
      success: boolean;
      /**
       * @description Dead letters this request queued; those already waiting for their replay are not counted again
       * @example 3
       */
      queued: number;
    };
    ReplayDeadLetterResponseDto: {
      /** @example true */
      success: boolean;
    };
    CreateConsumerDto: {
      /** @example order-projection */
      name: string;
      /**
       * @description `*`, `<prefix>.*`, `*.<suffix>` or an exact event type, as for webhook subscriptions
       * @default *
       * @example order.*
       */
      eventFilter?: string;
      /**
       * @description Where the checkpoint starts: 0, the store’s last position now, or a position (events after it are delivered)
       * @default beginning
       */
      from?: ('beginning' | 'latest') | number;
      /** @default 30000 */
      ackTimeoutMs?: number;
      /** @default 5 */
      maxDeliveries?: number;
    };
    ConsumerResponseDto: {
      /** @example order-projection */
      name: string;
      /** @example order.* */
      eventFilter: string;
      /** @example 30000 */
      ackTimeoutMs: number;
      /** @example 5 */
      maxDeliveries: number;
      /**
       * @description Every matching event at or below this position is done (acked, skipped or parked)
       * @example 1200
       */
      checkpoint: number;
      /**
       * @description The store's last position
       * @example 1250
       */
      lastPosition: number;
      /**
       * @description lastPosition − checkpoint (positions, matching or not)
       * @example 50
       */
      lag: number;
      /**
       * @description Events leased to clients now
       * @example 12
       */
      inFlight: number;
      /**
       * @description Clients attached now, on every API instance
       * @example 3
       */
      connectedClients: number;
      /**
       * @description Parked events (delivered maxDeliveries times without an ack)
       * @example 0
       */
      parked: number;
      /** @example 2026-11-26T12:00:00.000Z */
      createdAt: string;
    };
    ConsumerListResponseDto: {
      items: components['schemas']['ConsumerResponseDto'][];
      /** @example 1 */
      totalCount: number;
      /** @example 100 */
      limit: number;
      /** @example 0 */
      offset: number;
    };
    MoveCheckpointDto: {
      /**
       * @description The new checkpoint: events after it are delivered
       * @example 0
       */
      position: number;
      /**
       * @description Move it even while clients are attached
       * @default false
       */
      force?: boolean;
    };
    ParkedEventResponseDto: {
      /** @example 42 */
      position: number;
      /**
       * @description `__dcb__` for a DCB event; null once retention deleted it
       * @example order-17
       */
      streamId: string | null;
      /**
       * @description Null once retention deleted the event
       * @example order.placed
       */
      type: string | null;
      /** @example 5 */
      deliveries: number;
      /** @example 2026-11-26T12:00:07.000Z */
      parkedAt: string;
      /** @example not acked within ackTimeoutMs after 5 deliveries */
      lastError: string | null;
    };
    ParkedEventListResponseDto: {
      items: components['schemas']['ParkedEventResponseDto'][];
      /** @example 1 */
      totalCount: number;
    };
    AckConsumerEventsDto: {
      /**
       * @example [
       *       41,
       *       42
       *     ]
       */
      positions?: number[];
      /**
       * @description Every delivered event (to `clientId`, when given) at or below it
       * @example 42
       */
      upTo?: number;
      /**
       * @description Only events delivered to this client (its SSE streams’ clientId)
       * @example cli_worker-1
       */
      clientId?: string;
    };
    AckResponseDto: {
      /**
       * @description Events this ack settled (already acked or never delivered ones do not count)
       * @example 3
       */
      acked: number;
      /** @example 1203 */
      checkpoint: number;
    };
    WebSocketSubscriptionSummaryDto: {
      /** @example wss_1c9e0b7d2a4f6e8c0b1d3f5a */
      subscriptionId: string;
      /** @example order.* */
      eventFilter: string;
    };
    WebSocketConnectionResponseDto: {
      /** @example conn_7a2b9c4d1e0f3a5b6c8d9e0f */
      connectionId: string;
      /**
       * @description The `clientId` query parameter of the upgrade, or a generated `cli_…` id
       * @example dashboard-1
       */
      clientId: string;
      /** @example 2026-11-23T12:00:00.000Z */
      connectedAt: string;
      /**
       * @description The peer address of the socket (a proxy's, behind one)
       * @example 203.0.113.7
       */
      ipAddress: string | null;
      /** @example Mozilla/5.0 … */
      userAgent: string | null;
      subscriptions: components['schemas']['WebSocketSubscriptionSummaryDto'][];
    };
    WebSocketConnectionListResponseDto: {
      connections: components['schemas']['WebSocketConnectionResponseDto'][];
      /** @example 1 */
      totalCount: number;
    };
    CloseWebSocketClientResponseDto: {
      /** @example true */
      success: boolean;
      /** @example Closed 1 connection of client 'dashboard-1' */
      message: string;
      /** @example 1 */
      connectionsClosedCount: number;
    };
    LivenessResponseDto: {
      /**
       * @example ok
       * @enum {string}
       */
      status: 'ok';
    };
    DependencyCheckDto: {
      /**
       * @example up
       * @enum {string}
       */
      status: 'up' | 'down';
      /**
       * @description Milliseconds the check took
       * @example 4
       */
      responseTime?: number;
      /**
       * @description Why a dependency is down
       * @example timeout of 1000ms exceeded
       */
      message?: string;
    };
    ReadinessResponseDto: {
      /**
       * @example ok
       * @enum {string}
       */
      status: 'ok';
      /**
       * @description The dependencies that are up: `database` (PostgreSQL) and `redis`
       * @example {
       *       "database": {
       *         "status": "up",
       *         "responseTime": 3
       *       },
       *       "redis": {
       *         "status": "up",
       *         "responseTime": 1
       *       }
       *     }
       */
      info: {
        [key: string]: components['schemas']['DependencyCheckDto'];
      };
      /**
       * @description The dependencies that are down (none on a 200)
       * @example {}
       */
      error: {
        [key: string]: components['schemas']['DependencyCheckDto'];
      };
      /**
       * @description Every dependency checked
       * @example {
       *       "database": {
       *         "status": "up",
       *         "responseTime": 3
       *       },
       *       "redis": {
       *         "status": "up",
       *         "responseTime": 1
       *       }
       *     }
       */
      details: {
        [key: string]: components['schemas']['DependencyCheckDto'];
      };
    };
    ServiceLinksDto: {
      /**
       * @description The web console: sign in with an API key
       * @example /console
       */
      console: string;
      /**
       * @description The API explorer
       * @example /docs
       */
      docs: string;
      /**
       * @description The OpenAPI document, which generated clients are built from
       * @example /docs-json
       */
      openApi: string;
      /**
       * @description Liveness
       * @example /health
       */
      health: string;
      /**
       * @description Readiness: PostgreSQL and Redis take writes
       * @example /health/ready
       */
      readiness: string;
    };
    ServiceIndexResponseDto: {
      /** @example Event Store Service */
      name: string;
      links: components['schemas']['ServiceLinksDto'];
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  scrapeMetrics: {
    parameters: {
      query?: never;
      header: {
        authorization: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Prometheus text exposition format */
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/plain': string;
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing or wrong METRICS_TOKEN, or METRICS_TOKEN is not set */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: with several API processes, their metrics could not all be gathered within the primary's 5 s */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  issueAccessToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AccessTokenResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description TOKEN_ISSUING_DISABLED: only externally issued tokens are accepted */
      501: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
    };
  };
  getCurrentApiKey: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CurrentApiKeyResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listTenants: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TenantListResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  createTenant: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateTenantDto'];
      };
    };
    responses: {
      201: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TenantResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description REQUEST_TIMEOUT: the request did not arrive whole within REQUEST_TIMEOUT_MS, or its body arrived slower than MIN_BODY_BYTES_PER_SECOND; the connection is closed */
      408: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description TENANT_ALREADY_EXISTS: the name is taken */
      409: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is larger than the limit */
      413: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the body is not JSON in UTF-8 (`Content-Type: application/json`) */
      415: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listApiKeys: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        tenantId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiKeyListResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  createApiKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        tenantId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateApiKeyDto'];
      };
    };
    responses: {
      201: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedApiKeyResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description REQUEST_TIMEOUT: the request did not arrive whole within REQUEST_TIMEOUT_MS, or its body arrived slower than MIN_BODY_BYTES_PER_SECOND; the connection is closed */
      408: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is larger than the limit */
      413: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the body is not JSON in UTF-8 (`Content-Type: application/json`) */
      415: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  revokeApiKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        apiKeyId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Revoked (revoking again is harmless) */
      204: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listEventStores: {
    parameters: {
      query?: {
        limit?: number;
        offset?: number;
        /** @description Case-insensitive substring of the store name */
        filter?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EventStoreListResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  createEventStore: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateEventStoreDto'];
      };
    };
    responses: {
      201: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EventStoreResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description REQUEST_TIMEOUT: the request did not arrive whole within REQUEST_TIMEOUT_MS, or its body arrived slower than MIN_BODY_BYTES_PER_SECOND; the connection is closed */
      408: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description EVENT_STORE_ALREADY_EXISTS: the tenant has a store of that name */
      409: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is larger than the limit */
      413: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the body is not JSON in UTF-8 (`Content-Type: application/json`) */
      415: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  getEventStore: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EventStoreDetailsResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  deleteEventStore: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted */
      204: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listEventStoresWithToken: {
    parameters: {
      query?: {
        limit?: number;
        offset?: number;
        /** @description Case-insensitive substring of the store name */
        filter?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EventStoreListResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
    };
  };
  createEventStoreWithToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateEventStoreDto'];
      };
    };
    responses: {
      201: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EventStoreResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description REQUEST_TIMEOUT: the request did not arrive whole within REQUEST_TIMEOUT_MS, or its body arrived slower than MIN_BODY_BYTES_PER_SECOND; the connection is closed */
      408: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description EVENT_STORE_ALREADY_EXISTS: the tenant has a store of that name */
      409: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is larger than the limit */
      413: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the body is not JSON in UTF-8 (`Content-Type: application/json`) */
      415: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
    };
  };
  getEventStoreWithToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's name (its id is accepted too) */
        eventStoreName: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EventStoreDetailsResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
    };
  };
  deleteEventStoreWithToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's name (its id is accepted too) */
        eventStoreName: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted */
      204: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
    };
  };
  getEventStoreActivity: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['StoreActivityResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  readStream: {
    parameters: {
      query?: {
        direction?: 'forward' | 'backward';
        /** @description Most events in the page. A page also ends early, with `hasMore: true`, once its events reach the read budget (`READ_PAGE_MAX_BYTES`, 16 MiB of event JSON by default); it always holds at least one event, however large. Read on from the position after the last event returned (`fromStreamPosition`; backward: `toStreamPosition` before it). */
        limit?: number;
        /** @description Lowest stream position to return (inclusive) */
        fromStreamPosition?: number;
        /** @description Highest stream position to return (inclusive); a backward read starts here */
        toStreamPosition?: number;
      };
      header?: {
        /** @description A `globalPosition` of this store you have seen (an append's answer, an event you read): the read then sees at least every event up to it. Deployments that read from standbys serve it from one that has replayed that far, else from the primary; without it, a read may come from a standby that is behind. The TypeScript client sends the highest it has seen. */
        'Min-Global-Position'?: number;
      };
      path: {
        /** @description 1-255 characters, no `/` or control characters; `__dcb__` is reserved */
        streamId: string;
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReadStreamResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: no such store; STREAM_NOT_FOUND: nothing was ever appended to the stream */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  appendToStream: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the append safe to retry for 24 hours: the same key with the same request returns the first response (with `Idempotent-Replayed: true`) and appends nothing; with a different request it is 409 IDEMPOTENCY_CONFLICT. */
        'Idempotency-Key'?: string;
      };
      path: {
        /** @description 1-255 characters, no `/` or control characters; `__dcb__` is reserved */
        streamId: string;
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AppendToStreamDto'];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same key */
          'Idempotent-Replayed'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AppendToStreamResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: no such store; CONSUMER_NOT_FOUND: `consumer.name` is no consumer of the store */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description REQUEST_TIMEOUT: the request did not arrive whole within REQUEST_TIMEOUT_MS, or its body arrived slower than MIN_BODY_BYTES_PER_SECOND; the connection is closed */
      408: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description VERSION_CONFLICT: the stream is not at `expectedStreamVersion` (`details.currentVersion`); STREAM_SIZE_EXCEEDED: the append would pass `maxStreamSizeBytes`; IDEMPOTENCY_CONFLICT: the key was used for another request; ALREADY_PROCESSED: `consumer` already processed that position (nothing written) */
      409: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is larger than the limit */
      413: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the body is not JSON in UTF-8 (`Content-Type: application/json`) */
      415: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listStreams: {
    parameters: {
      query?: {
        limit?: number;
        offset?: number;
        /** @description The part of the stream id before its first '-', '_' or ':' */
        streamType?: string;
        /** @description true: only streams that still hold events (retention may have emptied some) */
        hasEvents?: boolean;
        /** @description Case-insensitive part of the stream id */
        filter?: string;
        /** @description `created`: the stream created first comes first; `updated`: the stream appended to last comes first (by `lastGlobalPosition`, which follows commit order) */
        sort?: 'created' | 'updated';
      };
      header?: {
        /** @description A `globalPosition` of this store you have seen (an append's answer, an event you read): the read then sees at least every event up to it. Deployments that read from standbys serve it from one that has replayed that far, else from the primary; without it, a read may come from a standby that is behind. The TypeScript client sends the highest it has seen. */
        'Min-Global-Position'?: number;
      };
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ListStreamsResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  readEvents: {
    parameters: {
      query?: {
        /** @description Comma-separated event types; each may be a pattern: `*`, `prefix.*`, `*.suffix` */
        types?: string;
        /** @description Comma-separated stream ids */
        streams?: string;
        /** @description Most events in the page. A page also ends early, with `hasMore: true`, once its events reach the read budget (`READ_PAGE_MAX_BYTES`, 16 MiB of event JSON by default); it always holds at least one event, however large. Read on with `offset` plus the number of events returned (not `limit`), or with `fromGlobalPosition` past the last event returned. */
        limit?: number;
        offset?: number;
        /** @description Only events created after this instant (exclusive): an RFC 3339 date or date-time */
        after?: string;
        /** @description Only events created before this instant (exclusive): an RFC 3339 date or date-time */
        before?: string;
        /** @description Start at this global position (inclusive): the lowest when forward, the highest when backward */
        fromGlobalPosition?: number;
        direction?: 'forward' | 'backward';
      };
      header?: {
        /** @description A `globalPosition` of this store you have seen (an append's answer, an event you read): the read then sees at least every event up to it. Deployments that read from standbys serve it from one that has replayed that far, else from the primary; without it, a read may come from a standby that is behind. The TypeScript client sends the highest it has seen. */
        'Min-Global-Position'?: number;
      };
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReadEventsResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  appendEvents: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the append safe to retry for 24 hours: the same key with the same request returns the first response (with `Idempotent-Replayed: true`) and appends nothing; with a different request it is 409 IDEMPOTENCY_CONFLICT. */
        'Idempotency-Key'?: string;
      };
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AppendDcbEventsDto'];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same key */
          'Idempotent-Replayed'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AppendDcbEventsResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: no such store; CONSUMER_NOT_FOUND: `consumer.name` is no consumer of the store */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description REQUEST_TIMEOUT: the request did not arrive whole within REQUEST_TIMEOUT_MS, or its body arrived slower than MIN_BODY_BYTES_PER_SECOND; the connection is closed */
      408: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description APPEND_CONDITION_FAILED in its own body; IDEMPOTENCY_CONFLICT and ALREADY_PROCESSED (`consumer` already processed that position) in the error envelope */
      409: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AppendConditionFailedResponseDto'] | components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is larger than the limit */
      413: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the body is not JSON in UTF-8 (`Content-Type: application/json`) */
      415: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  readStreamWithToken: {
    parameters: {
      query?: {
        /** @description First stream position (inclusive) */
        from?: number;
        /** @description Stream position to stop before (exclusive) */
        to?: number;
        /** @description Most events in the page. A page also ends early, with `hasMore: true`, once its events reach the read budget (`READ_PAGE_MAX_BYTES`, 16 MiB of event JSON by default); it always holds at least one event, however large. Read on with `from` one past the last event's `streamPosition`. */
        maxCount?: number;
      };
      header?: {
        /** @description A `globalPosition` of this store you have seen (an append's answer, an event you read): the read then sees at least every event up to it. Deployments that read from standbys serve it from one that has replayed that far, else from the primary; without it, a read may come from a standby that is behind. The TypeScript client sends the highest it has seen. */
        'Min-Global-Position'?: number;
      };
      path: {
        /** @description 1-255 characters, no `/` or control characters; `__dcb__` is reserved */
        streamId: string;
        /** @description The store's name (its id is accepted too) */
        eventStoreName: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiReadStreamResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: no such store; STREAM_NOT_FOUND: nothing was ever appended to the stream */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
    };
  };
  appendToStreamWithToken: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the append safe to retry for 24 hours: the same key with the same request returns the first response (with `Idempotent-Replayed: true`) and appends nothing; with a different request it is 409 IDEMPOTENCY_CONFLICT. */
        'Idempotency-Key'?: string;
      };
      path: {
        /** @description 1-255 characters, no `/` or control characters; `__dcb__` is reserved */
        streamId: string;
        /** @description The store's name (its id is accepted too) */
        eventStoreName: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ApiAppendToStreamDto'];
      };
    };
    responses: {
      201: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description `true` when this is the stored response of an earlier request with the same key */
          'Idempotent-Replayed'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiAppendToStreamResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: no such store; CONSUMER_NOT_FOUND: `consumer.name` is no consumer of the store */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description REQUEST_TIMEOUT: the request did not arrive whole within REQUEST_TIMEOUT_MS, or its body arrived slower than MIN_BODY_BYTES_PER_SECOND; the connection is closed */
      408: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description VERSION_CONFLICT, STREAM_SIZE_EXCEEDED, IDEMPOTENCY_CONFLICT or ALREADY_PROCESSED (`consumer` already processed that position) */
      409: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is larger than the limit */
      413: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the body is not JSON in UTF-8 (`Content-Type: application/json`) */
      415: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
    };
  };
  queryEvents: {
    parameters: {
      query?: never;
      header?: {
        /** @description A `globalPosition` of this store you have seen (an append's answer, an event you read): the read then sees at least every event up to it. Deployments that read from standbys serve it from one that has replayed that far, else from the primary; without it, a read may come from a standby that is behind. The TypeScript client sends the highest it has seen. */
        'Min-Global-Position'?: number;
      };
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ReadDcbEventsDto'];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReadDcbEventsResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description REQUEST_TIMEOUT: the request did not arrive whole within REQUEST_TIMEOUT_MS, or its body arrived slower than MIN_BODY_BYTES_PER_SECOND; the connection is closed */
      408: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is larger than the limit */
      413: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the body is not JSON in UTF-8 (`Content-Type: application/json`) */
      415: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  createWebhookSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateSubscriptionDto'];
      };
    };
    responses: {
      /** @description An identical subscription already existed (`isExistingSubscription: true`) */
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreateSubscriptionResponseDto'];
        };
      };
      /** @description Created; `subscriberConfig.secret` is shown this once */
      201: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreateSubscriptionResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: invalid input, an unsupported subscriberType, or a url that is not an allowed target (with private targets refused: a host that does not resolve, or resolves to a non-public address; the message does not say which) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description REQUEST_TIMEOUT: the request did not arrive whole within REQUEST_TIMEOUT_MS, or its body arrived slower than MIN_BODY_BYTES_PER_SECOND; the connection is closed */
      408: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is larger than the limit */
      413: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the body is not JSON in UTF-8 (`Content-Type: application/json`) */
      415: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the store already has MAX_SUBSCRIPTIONS_PER_STORE webhook subscriptions (`details.limit: "subscriptions"`, with `eventStoreId` and `maxSubscriptions`; nothing written, delete one first; an identical existing subscription is still returned with 200), or the API key used up its requests of this minute (`details.limit: "requests"`, with `Retry-After`) */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listSubscriptions: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SubscriptionListResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: the WebSocket connection registry (Redis) is unavailable */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  getSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SubscriptionResponseDto'] | components['schemas']['WebSocketSubscriptionResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: the WebSocket connection registry (Redis) is unavailable */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  deleteSubscription: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeleteSubscriptionResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: the WebSocket connection registry (Redis) is unavailable */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listDeadLetters: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeadLetterListResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  replayDeadLetters: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
        subscriptionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      202: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReplayDeadLettersResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  replayDeadLetter: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
        subscriptionId: string;
        deadLetterId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      202: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReplayDeadLetterResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listConsumers: {
    parameters: {
      query?: {
        limit?: number;
        offset?: number;
      };
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConsumerListResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  createConsumer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateConsumerDto'];
      };
    };
    responses: {
      201: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConsumerResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description REQUEST_TIMEOUT: the request did not arrive whole within REQUEST_TIMEOUT_MS, or its body arrived slower than MIN_BODY_BYTES_PER_SECOND; the connection is closed */
      408: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description CONSUMER_ALREADY_EXISTS: the store has a consumer of that name; LIMIT_EXCEEDED: the store has CONSUMERS_MAX_PER_STORE consumers (`details.limit: "consumers"`, nothing written; delete one first) */
      409: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is larger than the limit */
      413: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the body is not JSON in UTF-8 (`Content-Type: application/json`) */
      415: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  getConsumer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
        consumerName: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConsumerResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  deleteConsumer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
        consumerName: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted */
      204: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  moveConsumerCheckpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
        consumerName: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['MoveCheckpointDto'];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConsumerResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description REQUEST_TIMEOUT: the request did not arrive whole within REQUEST_TIMEOUT_MS, or its body arrived slower than MIN_BODY_BYTES_PER_SECOND; the connection is closed */
      408: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description CONSUMER_IN_USE: clients are attached (`details.connectedClients`); send `force: true` to move it anyway */
      409: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is larger than MAX_BODY_BYTES */
      413: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the body is not JSON in UTF-8 (`Content-Type: application/json`) */
      415: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listParkedEvents: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
        consumerName: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParkedEventListResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  replayParkedEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
        consumerName: string;
        /** @description The parked event's global position */
        position: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The event is pending again */
      202: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  skipParkedEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
        consumerName: string;
        /** @description The parked event's global position */
        position: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Skipped: done, as if acked */
      204: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  ackConsumerEvents: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
        consumerName: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AckConsumerEventsDto'];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AckResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description REQUEST_TIMEOUT: the request did not arrive whole within REQUEST_TIMEOUT_MS, or its body arrived slower than MIN_BODY_BYTES_PER_SECOND; the connection is closed */
      408: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is larger than the limit */
      413: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the body is not JSON in UTF-8 (`Content-Type: application/json`) */
      415: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  streamConsumerEvents: {
    parameters: {
      query?: {
        /** @description The API key, for clients that cannot set headers (EventSource) */
        apiKey?: string;
        /** @description The access token, for clients that cannot set headers (EventSource); /api paths only */
        accessToken?: string;
        /** @description Names this client across reconnects (generated when absent) */
        clientId?: string;
        /** @description As the Last-Event-ID header, for clients that cannot set it */
        lastEventId?: string;
        /** @description Events in flight to this stream at most (CONSUMER_MAX_IN_FLIGHT_PER_CLIENT when absent or larger) */
        maxInFlight?: string;
      };
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
        consumerName: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A `text/event-stream` that lasts until the client leaves or the server ends it */
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': string;
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description CONSUMER_LIMIT: CONSUMER_MAX_CLIENTS clients are attached to the consumer already */
      409: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down; try again */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  listConsumersWithToken: {
    parameters: {
      query?: {
        limit?: number;
        offset?: number;
      };
      header?: never;
      path: {
        /** @description The store's name (its id is accepted too) */
        eventStoreName: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConsumerListResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
    };
  };
  createConsumerWithToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's name (its id is accepted too) */
        eventStoreName: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateConsumerDto'];
      };
    };
    responses: {
      201: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConsumerResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description REQUEST_TIMEOUT: the request did not arrive whole within REQUEST_TIMEOUT_MS, or its body arrived slower than MIN_BODY_BYTES_PER_SECOND; the connection is closed */
      408: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description CONSUMER_ALREADY_EXISTS: the store has a consumer of that name; LIMIT_EXCEEDED: the store has CONSUMERS_MAX_PER_STORE consumers (`details.limit: "consumers"`, nothing written; delete one first) */
      409: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is larger than the limit */
      413: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the body is not JSON in UTF-8 (`Content-Type: application/json`) */
      415: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
    };
  };
  getConsumerWithToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's name (its id is accepted too) */
        eventStoreName: string;
        consumerName: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConsumerResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
    };
  };
  deleteConsumerWithToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's name (its id is accepted too) */
        eventStoreName: string;
        consumerName: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted */
      204: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
    };
  };
  moveConsumerCheckpointWithToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's name (its id is accepted too) */
        eventStoreName: string;
        consumerName: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['MoveCheckpointDto'];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConsumerResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description REQUEST_TIMEOUT: the request did not arrive whole within REQUEST_TIMEOUT_MS, or its body arrived slower than MIN_BODY_BYTES_PER_SECOND; the connection is closed */
      408: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description CONSUMER_IN_USE: clients are attached (`details.connectedClients`); send `force: true` to move it anyway */
      409: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is larger than MAX_BODY_BYTES */
      413: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the body is not JSON in UTF-8 (`Content-Type: application/json`) */
      415: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
    };
  };
  listParkedEventsWithToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's name (its id is accepted too) */
        eventStoreName: string;
        consumerName: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParkedEventListResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
    };
  };
  replayParkedEventWithToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's name (its id is accepted too) */
        eventStoreName: string;
        consumerName: string;
        /** @description The parked event's global position */
        position: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The event is pending again */
      202: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
    };
  };
  skipParkedEventWithToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's name (its id is accepted too) */
        eventStoreName: string;
        consumerName: string;
        /** @description The parked event's global position */
        position: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Skipped: done, as if acked */
      204: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
    };
  };
  ackConsumerEventsWithToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's name (its id is accepted too) */
        eventStoreName: string;
        consumerName: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AckConsumerEventsDto'];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AckResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description REQUEST_TIMEOUT: the request did not arrive whole within REQUEST_TIMEOUT_MS, or its body arrived slower than MIN_BODY_BYTES_PER_SECOND; the connection is closed */
      408: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description PAYLOAD_TOO_LARGE: the body is larger than the limit */
      413: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the body is not JSON in UTF-8 (`Content-Type: application/json`) */
      415: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
    };
  };
  streamConsumerEventsWithToken: {
    parameters: {
      query?: {
        /** @description The API key, for clients that cannot set headers (EventSource) */
        apiKey?: string;
        /** @description The access token, for clients that cannot set headers (EventSource); /api paths only */
        accessToken?: string;
        /** @description Names this client across reconnects (generated when absent) */
        clientId?: string;
        /** @description As the Last-Event-ID header, for clients that cannot set it */
        lastEventId?: string;
        /** @description Events in flight to this stream at most (CONSUMER_MAX_IN_FLIGHT_PER_CLIENT when absent or larger) */
        maxInFlight?: string;
      };
      header?: never;
      path: {
        /** @description The store's name (its id is accepted too) */
        eventStoreName: string;
        consumerName: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A `text/event-stream` that lasts until the client leaves or the server ends it */
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': string;
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description CONSUMER_LIMIT: CONSUMER_MAX_CLIENTS clients are attached to the consumer already */
      409: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': components['schemas']['FlatErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down; try again */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': components['schemas']['FlatErrorResponseDto'];
        };
      };
    };
  };
  listWebSocketConnections: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebSocketConnectionListResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: the WebSocket connection registry (Redis) is unavailable */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  closeWebSocketClient: {
    parameters: {
      query?: {
        /** @description Sent to the client as the close frame’s reason (code 1000); printable ASCII, at most 120 characters */
        reason?: string;
      };
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: string;
        clientId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CloseWebSocketClientResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: the request is invalid; `details.fields` lists every failing field */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the API key lacks the scope this operation needs */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: no such store, or the client has no open connection on it */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the API key used up its requests of this minute (`details.limit: "requests"`), or, on appends, the store its events of this minute (`details.limit: "events"`, nothing written; only `Retry-After` then refers to the budget). Every response to an authenticated request carries the `X-RateLimit-*` headers. */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait before retrying */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: the WebSocket connection registry (Redis) is unavailable */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          /** @description Requests this API key may make per UTC minute */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current minute */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the current minute's window ends */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  openWebSocket: {
    parameters: {
      query?: {
        /** @description The API key (or send it in the Authorization header) */
        apiKey?: string;
        /** @description Your name for this client, 1-128 of `[A-Za-z0-9._:-]`; generated when absent */
        clientId?: string;
      };
      header?: never;
      path: {
        /** @description The store's id (`es_…`) or its name within your tenant */
        eventStoreId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Switching Protocols: the socket is open */
      101: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description VALIDATION_ERROR: a malformed clientId */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UNAUTHORIZED: missing, invalid or revoked credentials */
      401: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description FORBIDDEN: the key lacks `read`, or a browser's upgrade comes from an origin that is neither the service's own nor in CORS_ALLOWED_ORIGINS (checked before the key) */
      403: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description NOT_FOUND: the resource does not exist or belongs to another tenant */
      404: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description UPGRADE_REQUIRED: this path only serves WebSocket upgrades */
      426: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description RATE_LIMITED: the key already holds WS_MAX_CONNECTIONS_PER_KEY connections (on any instance) */
      429: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description INTERNAL_ERROR: unexpected failure; `details.requestId` identifies it in the logs */
      500: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down; try again */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  checkLiveness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LivenessResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  checkReadiness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ReadinessResponseDto'];
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: `details` says which dependency is down */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
  getServiceIndex: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The links, as JSON or (for browsers) as a page; `Vary: Accept` */
      200: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ServiceIndexResponseDto'];
          'text/html': string;
        };
      };
      /** @description VALIDATION_ERROR: a query parameter (or body field) this operation does not define, named in `details.fields`, or two credentials in one request (two `Authorization` headers) */
      400: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
      /** @description SERVICE_UNAVAILABLE: this instance is shutting down (retry; another instance will answer), it is receiving too many request bodies at once, or no database connection of your share came free within DATABASE_MAX_WAIT_MS (`details.limit: "databaseConnections"`); QUERY_TIMEOUT: the database cancelled the request after DATABASE_STATEMENT_TIMEOUT_MS (narrow it or retry). Each with `Retry-After` */
      503: {
        headers: {
          /** @description The request's id (the caller's `X-Request-Id` when it is 1-128 of `[A-Za-z0-9._-]`, otherwise a new UUID); log lines of the request carry it */
          'X-Request-Id'?: string;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorResponseDto'];
        };
      };
    };
  };
}
