import { DomainError } from '../../common/errors/domain-error';
import { EventStoreNotFoundError } from '../../event-stores/event-store.errors';
import { EventBudgetDetail, EventBudgetExceededError } from '../../limits/limits.errors';
import { IdempotencyConflictError } from '../stream.errors';
import type { AppendOutcome, AppendRequest } from './append-request';

/**
 * The error for a refusal any append may meet (a reused key, the event budget, a missing store).
 * Outcomes of one kind of append (a version conflict, a failed condition) are their handler's.
 */
export function appendRefusal(eventStoreId: string, request: AppendRequest, { outcome, detail }: AppendOutcome): DomainError {
  switch (outcome) {
    case 'idempotency_conflict':
      return new IdempotencyConflictError(request.idempotency?.key ?? '');
    case 'budget_exceeded':
      return new EventBudgetExceededError(eventStoreId, detail as EventBudgetDetail);
    case 'store_not_found':
      return new EventStoreNotFoundError(eventStoreId);
    default:
      throw new Error(`append_batch answered ${outcome}, which a ${request.kind} append cannot receive`);
  }
}
