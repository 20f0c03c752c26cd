import { DomainError } from '../common/errors/domain-error';

export class StreamNotFoundError extends DomainError {
  readonly code = 'STREAM_NOT_FOUND';
  readonly status = 404;

  constructor(eventStoreId: string, streamId: string) {
    super(`Stream '${streamId}' has no events`, { streamId, eventStoreId });
  }
}

export class VersionConflictError extends DomainError {
  readonly code = 'VERSION_CONFLICT';
  readonly status = 409;

  constructor(eventStoreId: string, streamId: string, expectedVersion: number | string, currentVersion: number) {
    super(`Stream '${streamId}' is at version ${currentVersion}, not ${expectedVersion}`, {
      streamId,
      eventStoreId,
      expectedVersion,
      currentVersion,
    });
  }
}

export class StreamSizeExceededError extends DomainError {
  readonly code = 'STREAM_SIZE_EXCEEDED';
  readonly status = 409;

  constructor(eventStoreId: string, streamId: string, sizes: Record<string, number>) {
    super(`Appending would take stream '${streamId}' past the store's maxStreamSizeBytes`, { streamId, eventStoreId, ...sizes });
  }
}

export class IdempotencyConflictError extends DomainError {
  readonly code = 'IDEMPOTENCY_CONFLICT';
  readonly status = 409;

  constructor(key: string) {
    super('This Idempotency-Key was already used for a different request', { idempotencyKey: key });
  }
}
