import { DomainError } from './domain-error';

export interface FieldProblem {
  field: string;
  message: string;
}

export class ValidationError extends DomainError {
  readonly code = 'VALIDATION_ERROR';
  readonly status = 400;

  constructor(fields: FieldProblem[], message = 'The request is invalid') {
    super(message, { fields });
  }
}

export class UnauthorizedError extends DomainError {
  readonly code = 'UNAUTHORIZED';
  readonly status = 401;

  constructor(message = 'Missing or invalid credentials') {
    super(message);
  }
}

export class ForbiddenError extends DomainError {
  readonly code = 'FORBIDDEN';
  readonly status = 403;

  constructor(requiredScope: string) {
    super(`This API key lacks the '${requiredScope}' scope`, { requiredScope });
  }
}

export class NotFoundError extends DomainError {
  readonly code = 'NOT_FOUND';
  readonly status = 404;
}

/** A body that is not readable JSON; the parser's own message is not repeated, as it quotes the body. */
export class MalformedBodyError extends ValidationError {
  constructor() {
    super([{ field: 'body', message: 'not valid JSON' }], 'The request body is not valid JSON');
  }
}

/** A path that is not validly percent-encoded, refused by the router or by the WebSocket upgrade. */
export class MalformedPathError extends ValidationError {
  constructor() {
    super([{ field: 'path', message: 'invalid percent-encoding' }], 'The request path is not validly percent-encoded');
  }
}

/**
 * This instance cannot take the request now, though another instance, or this one in a moment, may:
 * the client retries. The connection is closed, so that a retry opens a new one (possibly elsewhere).
 */
abstract class UnavailableError extends DomainError {
  readonly code = 'SERVICE_UNAVAILABLE';
  readonly status = 503;

  override headers(): Record<string, string> {
    return { Connection: 'close' };
  }
}

/** A request or upgrade reaching an instance that is shutting down; the client should retry, reaching another one. */
export class ShuttingDownError extends UnavailableError {
  constructor() {
    super('This instance is shutting down; retry the request');
  }
}

/** A body refused because the bodies already on their way in hold MAX_PENDING_BODY_BYTES: the instance is busy, not the client wrong. */
export class BodiesBusyError extends UnavailableError {
  constructor() {
    super('Too many request bodies are being received at once; retry shortly');
  }

  override headers(): Record<string, string> {
    return { ...super.headers(), 'Retry-After': '1' };
  }
}

/**
 * A body refused because its tenant's bodies on their way in (and being handled) already hold
 * MAX_PENDING_BODY_BYTES_PER_TENANT: the tenant is at its own limit, so it waits for its own
 * requests, not for anyone else's.
 */
export class BodyShareExceededError extends DomainError {
  readonly code = 'RATE_LIMITED';
  readonly status = 429;

  constructor(maxPendingBodyBytesPerTenant: number) {
    super(
      `Your requests' bodies on their way in already hold ${maxPendingBodyBytesPerTenant} bytes (MAX_PENDING_BODY_BYTES_PER_TENANT); retry when one of them is answered`,
      { limit: 'pendingBodyBytes', maxPendingBodyBytesPerTenant, retryAfterSeconds: 1 },
    );
  }

  override headers(): Record<string, string> {
    return { Connection: 'close', 'Retry-After': '1' };
  }
}

/** A request no route takes, refused before its body is read (the router answers the others the same way). */
export class NoSuchRouteError extends NotFoundError {
  constructor() {
    super('No such route');
  }
}

/** A body in another media type or charset than JSON in UTF-8. */
export class UnsupportedBodyError extends DomainError {
  readonly code = 'VALIDATION_ERROR';
  readonly status = 415;

  constructor() {
    super('The body must be JSON in UTF-8 (Content-Type: application/json)', {
      fields: [{ field: 'body', message: 'unsupported media type or charset' }],
    });
  }
}

export class PayloadTooLargeError extends DomainError {
  readonly code = 'PAYLOAD_TOO_LARGE';
  readonly status = 413;

  constructor() {
    super('The request body is larger than the limit (MAX_BODY_BYTES)');
  }
}

/**
 * A path the service knows, asked with a method it does not take (RFC 9110 §15.5.6): `Allow`
 * lists the methods it does take, so a client or a person at a terminal learns the right one.
 */
export class MethodNotAllowedError extends DomainError {
  readonly code = 'METHOD_NOT_ALLOWED';
  readonly status = 405;

  constructor(
    method: string,
    private readonly allowed: readonly string[],
  ) {
    super(`${method} is not allowed on this path; it takes ${allowed.join(', ')}`, { method, allowedMethods: allowed });
  }

  override headers(): Record<string, string> {
    return { Allow: this.allowed.join(', ') };
  }
}

/**
 * A browser on an origin the service does not let in (CORS_ALLOWED_ORIGINS): its CORS preflight,
 * or its WebSocket upgrade, is refused before any credential is looked at.
 */
export class OriginNotAllowedError extends DomainError {
  readonly code = 'FORBIDDEN';
  readonly status = 403;

  constructor(origin: string, allowListSet: boolean) {
    super(
      allowListSet
        ? `Origin ${origin} is not in CORS_ALLOWED_ORIGINS`
        : `Browsers on other origins may not call this service (CORS_ALLOWED_ORIGINS is not set); origin ${origin}`,
      { origin },
    );
  }
}
