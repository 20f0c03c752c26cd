import { INestApplicationContext, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Command as Program, InvalidArgumentError } from 'commander';
import { DataSource } from 'typeorm';
import { SCOPES, Scope } from '../auth/principal';
import { exitOnInvalidEnvironment } from '../config/entry-point';
import { readEnvironment } from '../config/validate-environment';
import { runMigrations } from '../database/run-migrations';
import { ApiKeyAuthenticator } from '../tenants/api-key-authenticator';
import { CreateApiKeyCommand } from '../tenants/commands/create-api-key.command';
import { CreateTenantCommand } from '../tenants/commands/create-tenant.command';
import { RevokeApiKeyCommand } from '../tenants/commands/revoke-api-key.command';
import { ApiKeyListResponseDto, CreatedApiKeyResponseDto } from '../tenants/dto/api-key.response.dto';
import { TenantListResponseDto, TenantResponseDto } from '../tenants/dto/tenant.response.dto';
import { ListApiKeysQuery } from '../tenants/queries/list-api-keys.query';
import { ListTenantsQuery } from '../tenants/queries/list-tenants.query';
import { CliModule } from './cli.module';
import { distributeCommand } from './citus-distribute';
import { ensureDevelopmentKey } from './development-key';
import { reachDatabase } from './reach-database';

type Buses = { commandBus: CommandBus; queryBus: QueryBus };

/**
 * Runs one operation in a short-lived application context and prints its result as JSON on stdout
 * (logs go to stderr). Only `dev:bootstrap` migrates; the others refuse a database that is behind,
 * so an operator's CLI from a newer checkout never changes a production schema by surprise.
 */
async function run(operation: (app: INestApplicationContext, buses: Buses) => Promise<unknown>, options: { migrate?: boolean } = {}) {
  // Nest's logger writes its log and debug lines to stdout, which is the answer's: only warnings and errors, on stderr.
  Logger.overrideLogger(['warn', 'error', 'fatal']);
  // Without DATABASE_URL, the embedded database of npm start (DATA_DIR), as in development.
  const config = exitOnInvalidEnvironment(() => readEnvironment({ developmentDatabase: true }));
  try {
    await reachDatabase(config);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
    return;
  }
  if (options.migrate) await runMigrations(config, (message) => console.error(message));
  const app = await NestFactory.createApplicationContext(CliModule.forRoot(config), { logger: ['error'] });
  try {
    if (await app.get(DataSource).showMigrations()) throw new Error('The database has pending migrations; run npm run migration:run first');
    const result = await operation(app, { commandBus: app.get(CommandBus), queryBus: app.get(QueryBus) });
    console.log(JSON.stringify(result, null, 2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await app.close();
  }
}

function parseScopes(value: string): Scope[] {
  const scopes = value.split(',').map((scope) => scope.trim());
  const unknown = scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0) throw new InvalidArgumentError(`unknown scope(s) ${unknown.join(', ')}; use ${SCOPES.join(', ')}`);
  return scopes as Scope[];
}

const program = new Program('npm run cli --').description(
  'Operate tenants and API keys on DATABASE_URL (unset: the embedded database of npm start); prints what /admin would answer',
);

program
  .command('tenants:create <name>')
  .description('create a tenant')
  .action((name: string) =>
    run(async (_app, { commandBus }) => TenantResponseDto.from(await commandBus.execute(new CreateTenantCommand(name)))),
  );

program
  .command('tenants:list')
  .description('list tenants')
  .action(() => run(async (_app, { queryBus }) => TenantListResponseDto.from(await queryBus.execute(new ListTenantsQuery()))));

program
  .command('api-keys:create <tenantId>')
  .description('create an API key; the secret is printed once')
  .requiredOption('--name <name>', 'what the key is for')
  .option('--scopes <scopes>', `comma-separated, of ${SCOPES.join(', ')}`, parseScopes, [...SCOPES])
  .action((tenantId: string, options: { name: string; scopes: Scope[] }) =>
    run(async (_app, { commandBus }) =>
      CreatedApiKeyResponseDto.from(await commandBus.execute(new CreateApiKeyCommand(tenantId, options.name, options.scopes))),
    ),
  );

program
  .command('api-keys:list <tenantId>')
  .description("list a tenant's API keys")
  .action((tenantId: string) =>
    run(async (_app, { queryBus }) => ApiKeyListResponseDto.from(await queryBus.execute(new ListApiKeysQuery(tenantId)))),
  );

program
  .command('api-keys:revoke <apiKeyId>')
  .description('revoke an API key and its tokens on every API instance (announced through the Redis the API uses, under REDIS_PREFIX)')
  .action((apiKeyId: string) =>
    run(async (_app, { commandBus }) => {
      await commandBus.execute(new RevokeApiKeyCommand(apiKeyId));
      return { success: true, revoked: apiKeyId };
    }),
  );

program
  .command('dev:bootstrap')
  .description('migrate, then ensure the development tenant and key exist (used by npm start)')
  .requiredOption('--file <path>', 'where the key is kept')
  .action((options: { file: string }) =>
    run((app, buses) => ensureDevelopmentKey(options.file, buses, app.get(ApiKeyAuthenticator)), { migrate: true }),
  );

program
  .command('citus:distribute')
  .description('spread the migrated schema over a Citus cluster, run once against its coordinator (docs/citus.md)')
  .action(() => distributeCommand());

void program.parseAsync(process.argv);
