import { DomainError } from '../common/errors/domain-error';

export class StreamNotFoundError extends DomainError {
  readonly code = 'STREAM_NOT_FOUND';
  readonly status = 404;

  constructor(eventStoreId: string, streamId: string) {
    super(`Stream '${streamId}' has no events`, { streamId, eventStoreId });
  }
}
