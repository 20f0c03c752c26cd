import { DomainError } from '../../common/errors/domain-error';

/**
 * No database host answers as DATABASE_URL asks (down, frozen, read-only, or a failover under way),
 * or the connection a request used was lost. Nothing it asked for can be known to have happened:
 * the client retries, with the same Idempotency-Key for an append.
 */
export class DatabaseUnavailableError extends DomainError {
  readonly code = 'SERVICE_UNAVAILABLE';
  readonly status = 503;

  constructor(message = 'The database is unavailable (a failover may be under way); retry shortly') {
    super(message, { dependency: 'database' });
  }

  override headers(): Record<string, string> {
    return { 'Retry-After': '1' };
  }
}
