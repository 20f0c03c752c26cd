import { EventFilter, MAX_EVENT_FILTER_LENGTH, parseEventFilter } from '../common/event-filter';

/**
 * DECISIONS §9 error codes, plus SUBSCRIPTION_LIMIT and HISTORY_ROLLED_BACK (a start past the
 * store's end); the socket stays open after any of them.
 */
export type ProtocolErrorCode =
  | 'INVALID_MESSAGE'
  | 'UNKNOWN_ACTION'
  | 'INVALID_FILTER'
  | 'INVALID_POSITION'
  | 'SUBSCRIPTION_NOT_FOUND'
  | 'SUBSCRIPTION_LIMIT'
  | 'HISTORY_ROLLED_BACK'
  | 'CONSUMER_NOT_FOUND'
  | 'CONSUMER_LIMIT';

/** As for webhook subscriptions: `latest`, `beginning`, or N (events after N are sent). */
export type WsStartPosition = 'latest' | 'beginning' | number;

export type ClientMessage =
  | { action: 'subscribe'; eventFilter: string; filter: EventFilter; position: WsStartPosition }
  | { action: 'unsubscribe'; subscriptionId: string }
  | { action: 'consume'; consumer: string; maxInFlight?: number }
  | { action: 'ack'; consumer: string; positions?: number[]; upTo?: number }
  | { action: 'release'; consumer: string }
  | { action: 'ping' };

/** Positions one ack frame may name. */
const MAX_ACK_POSITIONS = 1000;

export class ProtocolError extends Error {
  constructor(
    readonly code: ProtocolErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const NUMERIC = /^\d+$/;

/** A client frame as the protocol reads it, or a ProtocolError saying why not. `null` is a binary frame. */
export function parseClientMessage(raw: string | null): ClientMessage {
  if (raw === null) throw new ProtocolError('INVALID_MESSAGE', 'Messages must be JSON in text frames');
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    throw new ProtocolError('INVALID_MESSAGE', 'Messages must be JSON');
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    throw new ProtocolError('INVALID_MESSAGE', 'A message must be a JSON object');
  }
  const fields = message as Record<string, unknown>;
  switch (fields.action) {
    case undefined:
      throw new ProtocolError('INVALID_MESSAGE', 'A message needs an "action"');
    case 'subscribe':
      return fields.consumer === undefined ? parseSubscribe(fields) : parseConsume(fields);
    case 'ack':
      return parseAck(fields);
    case 'unsubscribe':
      if (fields.consumer !== undefined) return { action: 'release', consumer: consumerName(fields) };
      if (typeof fields.subscriptionId !== 'string')
        throw new ProtocolError('SUBSCRIPTION_NOT_FOUND', 'unsubscribe needs the "subscriptionId" to end');
      return { action: 'unsubscribe', subscriptionId: fields.subscriptionId };
    case 'ping':
      return { action: 'ping' };
    default:
      throw new ProtocolError('UNKNOWN_ACTION', `Unknown action ${JSON.stringify(fields.action)}; use subscribe, unsubscribe, ack or ping`);
  }
}

function parseSubscribe({ eventFilter = '*', position = 'latest' }: Record<string, unknown>): ClientMessage {
  const filter = typeof eventFilter === 'string' && eventFilter.length <= MAX_EVENT_FILTER_LENGTH ? parseEventFilter(eventFilter) : null;
  if (!filter) throw new ProtocolError('INVALID_FILTER', 'eventFilter must be an event type or a pattern (*, prefix.*, *.suffix)');
  return { action: 'subscribe', eventFilter: eventFilter as string, filter, position: parsePosition(position) };
}

function parsePosition(position: unknown): WsStartPosition {
  if (position === 'latest' || position === 'beginning') return position;
  const value = typeof position === 'string' && NUMERIC.test(position) ? Number(position) : position;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  throw new ProtocolError('INVALID_POSITION', 'position must be "latest", "beginning" or a non-negative integer');
}

function consumerName({ consumer }: Record<string, unknown>): string {
  if (typeof consumer !== 'string' || consumer.length === 0 || consumer.length > 128) {
    throw new ProtocolError('INVALID_MESSAGE', '"consumer" must be the name of a consumer of this store');
  }
  return consumer;
}

const isPosition = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** `{"action":"subscribe","consumer":"<name>","maxInFlight"?: n}`: attach to a durable consumer (docs/consumers.md). */
function parseConsume(fields: Record<string, unknown>): ClientMessage {
  const consumer = consumerName(fields);
  const { maxInFlight } = fields;
  if (maxInFlight !== undefined && !(isPosition(maxInFlight) && maxInFlight >= 1)) {
    throw new ProtocolError('INVALID_MESSAGE', 'maxInFlight must be a positive integer');
  }
  return { action: 'consume', consumer, maxInFlight };
}

/** `{"action":"ack","consumer":"<name>","positions":[…]}` and/or `"upTo": n`. */
function parseAck(fields: Record<string, unknown>): ClientMessage {
  const consumer = consumerName(fields);
  const { positions, upTo } = fields;
  const validPositions =
    positions === undefined || (Array.isArray(positions) && positions.length <= MAX_ACK_POSITIONS && positions.every(isPosition));
  if (!validPositions || (upTo !== undefined && !isPosition(upTo)) || (positions === undefined && upTo === undefined)) {
    throw new ProtocolError('INVALID_MESSAGE', `ack needs "positions" (at most ${MAX_ACK_POSITIONS} positions) and/or "upTo"`);
  }
  return { action: 'ack', consumer, positions, upTo };
}
