import { ValidationError } from '../common/errors/common.errors';
import { DomainError } from '../common/errors/domain-error';

/** Only tokens from an external issuer (JWT_PUBLIC_KEY) are accepted; this service cannot sign. */
export class TokenIssuingDisabledError extends DomainError {
  readonly code = 'TOKEN_ISSUING_DISABLED';
  readonly status = 501;

  constructor() {
    super('This deployment verifies externally issued tokens only (no JWT_SECRET is configured)');
  }
}

/** Two credentials in one request (two Authorization headers; a WebSocket's apiKey and a different Authorization): whose request it is would be a guess. */
export class AmbiguousCredentialsError extends ValidationError {
  constructor(message: string) {
    super([{ field: 'Authorization', message: 'one credential per request' }], message);
  }
}
