import { DomainError } from '../../common/errors/domain-error';
import { AlreadyProcessedError, ConsumerNotFoundError } from '../../consumers/consumers.errors';
import { EventStoreNotFoundError } from '../../event-stores/event-store.errors';
import { EventBudgetDetail, EventBudgetExceededError } from '../../limits/limits.errors';
import type { IdempotentOutcome } from '../idempotency/idempotent-outcome';
import { AppendConditionFailedError, IdempotencyConflictError, StreamSizeExceededError, VersionConflictError } from './append.errors';
import type { AppendResult, DcbAppendRequest, StreamAppendRequest } from './append-request';

/** What a DCB append answers: the position of its last event. */
export interface DcbAppendResult {
  lastPosition: number;
}

/** Why a stream append would take its stream past the store's `maxStreamSizeBytes`. */
export interface StreamSizeDetail {
  currentSizeBytes: number;
  appendSizeBytes: number;
  maxStreamSizeBytes: number;
}

/** Refusals any append may meet (sql/append-batch.sql.ts says when). */
type SharedRefusal =
  | { outcome: 'idempotency_conflict'; detail: null }
  | { outcome: 'budget_exceeded'; detail: EventBudgetDetail }
  | { outcome: 'store_not_found'; detail: null }
  | { outcome: 'consumer_not_found'; detail: null }
  | { outcome: 'already_processed'; detail: null };

/** What `append_batch` decides for a stream append, with what each outcome carries. */
export type StreamAppendOutcome =
  | { outcome: 'appended' | 'replayed'; detail: AppendResult }
  | { outcome: 'version_conflict'; detail: { currentVersion: number } }
  | { outcome: 'size_exceeded'; detail: StreamSizeDetail }
  | SharedRefusal;

/** What `append_batch` decides for a DCB append: a failed condition carries the lowest conflicting positions. */
export type DcbAppendOutcome =
  { outcome: 'appended' | 'replayed'; detail: DcbAppendResult } | { outcome: 'condition_failed'; detail: number[] } | SharedRefusal;

export type AppendOutcome = StreamAppendOutcome | DcbAppendOutcome;

/** The one place an outcome becomes the append's result or its error. */
export function settleStreamAppend(
  eventStoreId: string,
  request: StreamAppendRequest,
  outcome: StreamAppendOutcome,
): IdempotentOutcome<AppendResult> {
  switch (outcome.outcome) {
    case 'appended':
    case 'replayed':
      return { result: outcome.detail, replayed: outcome.outcome === 'replayed' };
    case 'version_conflict':
      throw new VersionConflictError(eventStoreId, request.streamId, request.expectedVersion ?? 'any', outcome.detail.currentVersion);
    case 'size_exceeded':
      throw new StreamSizeExceededError(eventStoreId, request.streamId, outcome.detail);
    default:
      throw sharedRefusal(eventStoreId, request, outcome);
  }
}

export function settleDcbAppend(
  eventStoreId: string,
  request: DcbAppendRequest,
  outcome: DcbAppendOutcome,
): IdempotentOutcome<DcbAppendResult> {
  switch (outcome.outcome) {
    case 'appended':
    case 'replayed':
      return { result: outcome.detail, replayed: outcome.outcome === 'replayed' };
    case 'condition_failed':
      throw new AppendConditionFailedError(outcome.detail, request.condition?.after ?? 0);
    default:
      throw sharedRefusal(eventStoreId, request, outcome);
  }
}

function sharedRefusal(eventStoreId: string, request: StreamAppendRequest | DcbAppendRequest, refusal: SharedRefusal): DomainError {
  switch (refusal.outcome) {
    case 'idempotency_conflict':
      return new IdempotencyConflictError(request.idempotency?.key ?? '');
    case 'budget_exceeded':
      return new EventBudgetExceededError(eventStoreId, refusal.detail);
    case 'store_not_found':
      return new EventStoreNotFoundError(eventStoreId);
    case 'consumer_not_found':
      return new ConsumerNotFoundError(request.consumer?.name ?? '');
    case 'already_processed':
      return new AlreadyProcessedError(request.consumer?.name ?? '', request.consumer?.position ?? 0);
  }
}
