import type { ApiParamOptions, ApiResponseOptions } from '@nestjs/swagger';

export const CONSUMER_NAME_PARAM: ApiParamOptions = { name: 'consumerName', example: 'order-projection' };
export const PARKED_POSITION_PARAM: ApiParamOptions = { name: 'position', example: 42, description: "The parked event's global position" };

/** What the consumer endpoints say in the OpenAPI document, shared by both path families. */
export const CONSUMER_DOCS = {
  create: {
    summary: 'Create a durable consumer',
    description:
      'The service keeps its checkpoint and the events in flight, shares its events among the clients attached to it (WebSocket ' +
      '`{"action":"subscribe","consumer":…}` or `GET …/consumers/{name}/events`), redelivers what is not acked within ' +
      '`ackTimeoutMs` and parks an event after `maxDeliveries` deliveries. At most `CONSUMERS_MAX_PER_STORE` per store.',
  },
  createConflict:
    'CONSUMER_ALREADY_EXISTS: the store has a consumer of that name; LIMIT_EXCEEDED: the store has CONSUMERS_MAX_PER_STORE consumers ' +
    '(`details.limit: "consumers"`, nothing written; delete one first)',
  list: { summary: "List the store's consumers, oldest first" },
  get: { summary: 'Get a consumer with its checkpoint, lag, events in flight, attached clients and parked events' },
  delete: {
    summary: 'Delete a consumer',
    description: 'Its records go with it; attached WebSocket clients get `unsubscribed` (reason `deleted`) and SSE streams end.',
  },
  moveCheckpoint: {
    summary: "Move a consumer's checkpoint (reset or skip)",
    description:
      'Events after the new position are delivered. Pending, in-flight and parked records are dropped; moving back also forgets the ' +
      'positions recorded by `consumer` appends above it. Refused while clients are attached unless `force: true`.',
  },
  inUse: 'CONSUMER_IN_USE: clients are attached (`details.connectedClients`); send `force: true` to move it anyway',
  listParked: { summary: "List a consumer's parked events in position order" },
  replayParked: { summary: 'Deliver a parked event again', description: 'It becomes pending, with its deliveries counted from 0.' },
  skipParked: { summary: 'Skip a parked event', description: 'It counts as done, as if acked.' },
  ack: {
    summary: 'Acknowledge events delivered over Server-Sent Events',
    description:
      '`positions` and/or `upTo` (every delivered event at or below it); with `clientId`, only events delivered to that client. ' +
      'The checkpoint advances over contiguous done positions.',
  },
  events: {
    summary: "Consume a consumer's events as Server-Sent Events",
    description:
      'Each event: `id: <global position>`, `event: event`, `data:` the event as the read endpoints return it plus `consumer` and ' +
      '`delivery`; first an `event: subscribed` with the `clientId`; `: heartbeat` comments every 15 s; `event: unsubscribed` ' +
      'before the server ends the stream (consumer deleted, shutdown). Ack with `POST …/ack`. The key may come as `?apiKey=` ' +
      '(`?accessToken=` on /api paths) for EventSource. `Last-Event-ID` (or `?lastEventId=`) with the same `clientId`: what the ' +
      'client held up to it counts as received and is not sent again.',
  },
  eventStreamResponse: {
    description: 'A `text/event-stream` that lasts until the client leaves or the server ends it',
    content: { 'text/event-stream': { schema: { type: 'string', example: 'id: 42\nevent: event\ndata: {"globalPosition":42,…}\n\n' } } },
  } satisfies ApiResponseOptions,
  clientLimit: 'CONSUMER_LIMIT: CONSUMER_MAX_CLIENTS clients are attached to the consumer already',
};
