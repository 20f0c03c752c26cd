import { NotFoundError } from '../common/errors/common.errors';
import { DomainError } from '../common/errors/domain-error';

/** Also what another tenant's store looks like: the two cases are indistinguishable on purpose. */
export class EventStoreNotFoundError extends NotFoundError {
  constructor(eventStoreRef: string) {
    super(`Event store '${eventStoreRef}' not found`, { eventStoreId: eventStoreRef });
  }
}

export class EventStoreAlreadyExistsError extends DomainError {
  readonly code = 'EVENT_STORE_ALREADY_EXISTS';
  readonly status = 409;

  constructor(name: string) {
    super(`An event store named '${name}' already exists`, { name });
  }
}
