import { DomainError } from '../common/errors/domain-error';
import { NotFoundError } from '../common/errors/common.errors';

export class TenantAlreadyExistsError extends DomainError {
  readonly code = 'TENANT_ALREADY_EXISTS';
  readonly status = 409;

  constructor(name: string) {
    super(`A tenant named '${name}' already exists`, { name });
  }
}

export class TenantNotFoundError extends NotFoundError {
  constructor(tenantId: string) {
    super(`Tenant ${tenantId} not found`, { tenantId });
  }
}

export class ApiKeyNotFoundError extends NotFoundError {
  constructor(apiKeyId: string) {
    super(`API key ${apiKeyId} not found`, { apiKeyId });
  }
}
