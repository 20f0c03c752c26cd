import { DomainError } from '../../common/errors/domain-error';
import { MAX_CONFLICTING_POSITIONS } from '../event-log.constants';
import type { StreamSizeDetail } from './append-outcome';

// The refusals `append_batch` decides; append-outcome.ts turns each outcome into one of them.

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

  constructor(eventStoreId: string, streamId: string, sizes: StreamSizeDetail) {
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

/** Renders the spec's DCB failure body (plus `code`), not the error envelope. */
export class AppendConditionFailedError extends DomainError {
  readonly code = 'APPEND_CONDITION_FAILED';
  readonly status = 409;

  constructor(
    readonly conflictingPositions: number[],
    readonly afterPosition: number,
  ) {
    super('Append condition failed');
  }

  override ownBody(): Record<string, unknown> {
    const count = this.conflictingPositions.length;
    return {
      error: this.message,
      code: this.code,
      details: `${count === MAX_CONFLICTING_POSITIONS ? `At least ${count}` : count} event(s) after position ${this.afterPosition} match failIfEventsMatch`,
      conflictingPositions: this.conflictingPositions,
      afterPosition: this.afterPosition,
    };
  }
}
