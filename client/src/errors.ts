/** One invalid field of a request, as `VALIDATION_ERROR` names it. */
export interface FieldError {
  field: string;
  message: string;
}

/** What an error is built from (the parsed response). */
export interface EventStoreErrorInit {
  code: string;
  status: number;
  message: string;
  details?: Record<string, unknown>;
  requestId?: string;
  /** Seconds of the response's `Retry-After`. */
  retryAfter?: number;
  cause?: unknown;
}

/**
 * Any failure the service answered (or, for `NetworkError`, could not answer): the service's `code`
 * (`VERSION_CONFLICT`, `NOT_FOUND`, …), the HTTP `status` and the envelope's `details`. The
 * subclasses below name the codes a program usually handles; every other code arrives as this class.
 */
export class EventStoreError extends Error {
  override name = 'EventStoreError';
  /** The service's stable error code. */
  readonly code: string;
  /** The HTTP status, or 0 when no response came. */
  readonly status: number;
  /** What the service said about the failure (ids, limits, fields). */
  readonly details: Record<string, unknown>;
  /** The response's `X-Request-Id`, which the service's log lines of that request carry. */
  readonly requestId: string | undefined;
  /** Seconds the service asked to wait before trying again (`Retry-After`), when it did. */
  readonly retryAfter: number | undefined;

  constructor(init: EventStoreErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.details = init.details ?? {};
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
  }
}

/** 404 `NOT_FOUND`: no such store, subscription, dead letter or route in the key's tenant. */
export class NotFoundError extends EventStoreError {
  override name = 'NotFoundError';
}

/** 404 `STREAM_NOT_FOUND`: the stream was never appended to. */
export class StreamNotFoundError extends NotFoundError {
  override name = 'StreamNotFoundError';
}

/** 400 `VALIDATION_ERROR`, with every failing field. */
export class ValidationError extends EventStoreError {
  override name = 'ValidationError';

  get fields(): FieldError[] {
    const fields = this.details.fields;
    return Array.isArray(fields) ? (fields as FieldError[]) : [];
  }
}

/** 401 `UNAUTHORIZED`: missing, unknown or revoked API key. */
export class UnauthorizedError extends EventStoreError {
  override name = 'UnauthorizedError';
}

/** 403 `FORBIDDEN`: the key lacks the scope the call needs (`read`, `write` or `admin`). */
export class ForbiddenError extends EventStoreError {
  override name = 'ForbiddenError';
}

/**
 * 429 `RATE_LIMITED`: too many requests for the key this minute (`details.limit: "requests"`), too
 * many events for the store (`"events"`), or a cap on what the tenant holds (`"subscriptions"`,
 * WebSocket connections), which waiting does not lift. `retryAfter` says how many seconds until the
 * limit lets the call through; it is undefined when waiting alone does not help.
 */
export class RateLimitedError extends EventStoreError {
  override name = 'RateLimitedError';

  /** Which limit refused the call: `requests`, `events`, `subscriptions`, … */
  get limit(): string | undefined {
    return typeof this.details.limit === 'string' ? this.details.limit : undefined;
  }
}

/**
 * 409 `VERSION_CONFLICT`: the stream is not at the `expectedStreamVersion` the append gave. The
 * service's `details` call the two `expectedVersion` and `currentVersion`; the client names them as
 * the append option and the reads do.
 */
export class VersionConflictError extends EventStoreError {
  override name = 'VersionConflictError';

  /** The `expectedStreamVersion` the refused append gave: a version, `no_stream` or `stream_exists`. */
  get expectedStreamVersion(): number | string | undefined {
    return this.details.expectedVersion as number | string | undefined;
  }

  /** The stream's version (events ever appended) when the append was refused: expect it next time. */
  get streamVersion(): number | undefined {
    return this.details.currentVersion as number | undefined;
  }
}

/** 409 `APPEND_CONDITION_FAILED`: events matching the DCB condition's query were appended after its `after`. */
export class AppendConditionFailedError extends EventStoreError {
  override name = 'AppendConditionFailedError';
  /** The matching global positions after `after`, ascending (the lowest 100 at most). */
  readonly conflictingPositions: number[];
  /** The condition's `after` (the service's `afterPosition`): the global position the decision was made on. */
  readonly after: number | undefined;

  constructor(init: EventStoreErrorInit & { conflictingPositions: number[]; after?: number }) {
    super(init);
    this.conflictingPositions = init.conflictingPositions;
    this.after = init.after;
  }
}

/** 404 `CONSUMER_NOT_FOUND`: the store has no consumer of that name (or it was deleted while running). */
export class ConsumerNotFoundError extends NotFoundError {
  override name = 'ConsumerNotFoundError';
}

/**
 * 409 `ALREADY_PROCESSED`: an append carrying `consumer: { name, position }` named a position the
 * consumer had already processed (recorded by an earlier such append, or acked and at or below its
 * checkpoint). Nothing was appended: the reaction to that event is already stored, so the handler
 * should treat the event as done.
 */
export class AlreadyProcessedError extends EventStoreError {
  override name = 'AlreadyProcessedError';
}

/** 409 `IDEMPOTENCY_CONFLICT`: the `Idempotency-Key` was already used for a different request. */
export class IdempotencyConflictError extends EventStoreError {
  override name = 'IdempotencyConflictError';
}

/** 409 `STREAM_SIZE_EXCEEDED`: the append would take the stream past the store's `maxStreamSizeBytes`. */
export class StreamSizeExceededError extends EventStoreError {
  override name = 'StreamSizeExceededError';
}

/** No response: the connection failed, was cut, or timed out (`code` `NETWORK_ERROR` or `TIMEOUT`, `status` 0). */
export class NetworkError extends EventStoreError {
  override name = 'NetworkError';
}

/**
 * The store's history was rolled back below what this client was sent (a failover to a standby
 * that had not replayed the last appends, a restore from a backup): the positions past
 * `lastPosition` may now hold other events, so resuming from the last one seen would skip them. The
 * subscription ends with this error rather than resume; re-read from `lastPosition` (or rebuild
 * what was derived from the lost events) and subscribe again.
 */
export class HistoryRolledBackError extends EventStoreError {
  override name = 'HistoryRolledBackError';

  /** Where the store ends now, when the service said so. */
  get lastPosition(): number | undefined {
    const position = this.details.lastPosition;
    return typeof position === 'number' ? position : undefined;
  }
}

/**
 * `subscribe()` where the runtime has no global WebSocket (Node 20) and none was given. Not an
 * `EventStoreError`: nothing was sent. The client does not load `ws` by itself, as an import of it
 * would make bundlers pull a Node package into browser builds.
 */
export class WebSocketUnavailableError extends Error {
  override name = 'WebSocketUnavailableError';

  constructor(what = 'subscribe()') {
    super(
      `${what} needs a WebSocket, and this runtime has no global one (Node 20 has none; Node 22 and later do). ` +
        "Install ws (npm install ws) and pass its class: import { WebSocket } from 'ws'; " +
        'new EventStoreClient({ baseUrl, apiKey, WebSocket })',
    );
  }
}

const CLASS_BY_CODE: Record<string, new (init: EventStoreErrorInit) => EventStoreError> = {
  HISTORY_ROLLED_BACK: HistoryRolledBackError,
  NOT_FOUND: NotFoundError,
  STREAM_NOT_FOUND: StreamNotFoundError,
  CONSUMER_NOT_FOUND: ConsumerNotFoundError,
  ALREADY_PROCESSED: AlreadyProcessedError,
  VALIDATION_ERROR: ValidationError,
  UNAUTHORIZED: UnauthorizedError,
  FORBIDDEN: ForbiddenError,
  VERSION_CONFLICT: VersionConflictError,
  IDEMPOTENCY_CONFLICT: IdempotencyConflictError,
  STREAM_SIZE_EXCEEDED: StreamSizeExceededError,
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The body of an error response in whichever of the service's envelopes it came. */
interface ParsedEnvelope {
  code: string;
  message: string;
  details: Record<string, unknown>;
  conflictingPositions?: number[];
  afterPosition?: number;
}

/**
 * Reads the three shapes the service answers errors in:
 * - `{ "error": { "code", "message", "details" } }` (event stores, streams, events, subscriptions, admin);
 * - `{ "error": "<CODE>", "message", "details" }` (the `/api/…` family);
 * - `{ "error": "Append condition failed", "code": "APPEND_CONDITION_FAILED", "details": "<sentence>",
 *   "conflictingPositions", "afterPosition" }` (a DCB append whose condition failed).
 * Anything else (a proxy's HTML page, an empty body) gives `HTTP_<status>`.
 */
export function parseErrorBody(status: number, body: unknown): ParsedEnvelope {
  if (isRecord(body)) {
    const { error } = body;
    if (isRecord(error) && typeof error.code === 'string') {
      return {
        code: error.code,
        message: typeof error.message === 'string' ? error.message : error.code,
        details: isRecord(error.details) ? error.details : {},
      };
    }
    if (typeof body.code === 'string' && Array.isArray(body.conflictingPositions)) {
      const conflictingPositions = body.conflictingPositions.filter((position): position is number => typeof position === 'number');
      const afterPosition = typeof body.afterPosition === 'number' ? body.afterPosition : undefined;
      return {
        code: body.code,
        message: typeof body.details === 'string' ? body.details : typeof error === 'string' ? error : body.code,
        details: { conflictingPositions, afterPosition },
        conflictingPositions,
        afterPosition,
      };
    }
    if (typeof error === 'string') {
      return {
        code: error,
        message: typeof body.message === 'string' ? body.message : error,
        details: isRecord(body.details) ? body.details : {},
      };
    }
  }
  return { code: `HTTP_${status}`, message: `The service answered HTTP ${status}`, details: {} };
}

/** Seconds of a `Retry-After` header (seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** The error class for a response: status, body (parsed JSON or undefined) and the headers that matter. */
export function errorFromResponse(
  status: number,
  body: unknown,
  headers: { retryAfter: string | null; requestId: string | null },
): EventStoreError {
  const parsed = parseErrorBody(status, body);
  const init: EventStoreErrorInit = {
    code: parsed.code,
    status,
    message: parsed.message,
    details: parsed.details,
    requestId: headers.requestId ?? undefined,
    retryAfter: parseRetryAfter(headers.retryAfter),
  };
  if (parsed.code === 'APPEND_CONDITION_FAILED') {
    return new AppendConditionFailedError({
      ...init,
      conflictingPositions: parsed.conflictingPositions ?? [],
      after: parsed.afterPosition,
    });
  }
  if (parsed.code === 'RATE_LIMITED' || status === 429) {
    const fromDetails = typeof parsed.details.retryAfterSeconds === 'number' ? parsed.details.retryAfterSeconds : undefined;
    return new RateLimitedError({ ...init, retryAfter: init.retryAfter ?? fromDetails });
  }
  return errorFromCode(init);
}

/** The error class of a code the service gave (over HTTP, or in a WebSocket error frame). */
export function errorFromCode(init: EventStoreErrorInit): EventStoreError {
  const Class = CLASS_BY_CODE[init.code];
  return Class ? new Class(init) : new EventStoreError(init);
}
