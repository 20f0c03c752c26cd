import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { SCOPES } from '../auth/principal';
import { ApiKeyAuthenticator } from '../tenants/api-key-authenticator';
import { CreateApiKeyCommand } from '../tenants/commands/create-api-key.command';
import { CreateTenantCommand } from '../tenants/commands/create-tenant.command';
import { ListTenantsQuery } from '../tenants/queries/list-tenants.query';

const DEVELOPMENT_TENANT = 'default';

export interface DevelopmentKey {
  key: string;
  tenantId: string;
  created: boolean;
}

/**
 * DECISIONS §6: a development start without ADMIN_TOKEN gets a `default` tenant and an all-scopes key,
 * created once and kept in a file so that restarts print the same key. A key that no longer works
 * (the database was reset, the key revoked) is replaced.
 */
export async function ensureDevelopmentKey(
  file: string,
  buses: { commandBus: CommandBus; queryBus: QueryBus },
  authenticator: ApiKeyAuthenticator,
): Promise<DevelopmentKey> {
  const existing = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  const principal = existing ? await authenticator.authenticate(existing) : null;
  if (principal) return { key: existing, tenantId: principal.tenantId, created: false };

  const tenants = await buses.queryBus.execute(new ListTenantsQuery());
  const tenant =
    tenants.find((candidate) => candidate.name === DEVELOPMENT_TENANT) ??
    (await buses.commandBus.execute(new CreateTenantCommand(DEVELOPMENT_TENANT)));
  const { key } = await buses.commandBus.execute(new CreateApiKeyCommand(tenant.id, 'development', [...SCOPES]));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return { key, tenantId: tenant.id, created: true };
}
