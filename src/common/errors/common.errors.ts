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

export class PayloadTooLargeError extends DomainError {
  readonly code = 'PAYLOAD_TOO_LARGE';
  readonly status = 413;

  constructor() {
    super('The request body is larger than the limit (MAX_BODY_BYTES)');
  }
}
