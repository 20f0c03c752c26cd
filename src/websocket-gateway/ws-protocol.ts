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
  | 'HISTORY_ROLLED_BACK';

/** As for webhook subscriptions: `latest`, `beginning`, or N (events after N are sent). */
export type WsStartPosition = 'latest' | 'beginning' | number;

export type ClientMessage =
  | { action: 'subscribe'; eventFilter: string; filter: EventFilter; position: WsStartPosition }
  | { action: 'unsubscribe'; subscriptionId: string }
  | { action: 'ping' };

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
      return parseSubscribe(fields);
    case 'unsubscribe':
      if (typeof fields.subscriptionId !== 'string')
        throw new ProtocolError('SUBSCRIPTION_NOT_FOUND', 'unsubscribe needs the "subscriptionId" to end');
      return { action: 'unsubscribe', subscriptionId: fields.subscriptionId };
    case 'ping':
      return { action: 'ping' };
    default:
      throw new ProtocolError('UNKNOWN_ACTION', `Unknown action ${JSON.stringify(fields.action)}; use subscribe, unsubscribe or ping`);
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
