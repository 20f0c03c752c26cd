import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import type { AddressInfo, Server } from 'node:net';
import { basename } from 'node:path';
import type { App } from 'supertest/types';
import { AppModule } from '../../src/app.module';
import { EnvironmentVariables } from '../../src/config/environment-variables';
import { validateEnvironment } from '../../src/config/validate-environment';
import { configureApp, httpAdapter } from '../../src/configure-app';
import { createOpenApiDocument } from '../../src/openapi/openapi-document';
import { OpenApiContract } from './openapi-contract';
import { cloneTestDatabase, TestDatabase } from './test-database';
import { redisPrefixFor, testEnvironment } from './test-environment';

export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789';
export const TEST_JWT_SECRET = 'test-jwt-secret-0123456789-0123456789-0123456789';

export interface TestApp {
  app: NestFastifyApplication;
  server: App;
  config: EnvironmentVariables;
  database: TestDatabase;
  /** `ws://127.0.0.1:<port>`, once `listen()` has made the app listen on a real port (WebSocket tests need one; a second call does nothing). */
  wsBase(): string;
  listen(): Promise<void>;
  close(): Promise<void>;
}

export const TEST_METRICS_TOKEN = 'test-metrics-token-0123456789';

/** Far above what any suite sends: only the suites about limits lower them. */
const UNREACHABLE_LIMIT = '100000000';

/**
 * The real AppModule, set up exactly as main.ts does, on its own clone of the migrated database,
 * or on `shared` (another test app's database: two API instances; the first one drops it).
 */
export async function startTestApp(overrides: Record<string, string> = {}, shared?: TestDatabase): Promise<TestApp> {
  const database = shared ?? (await cloneTestDatabase());
  const config = validateEnvironment(
    {
      DATABASE_URL: database.url,
      REDIS_URL: testEnvironment.redisUrl,
      REDIS_PREFIX: redisPrefixFor(database.url),
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      JWT_SECRET: TEST_JWT_SECRET,
      METRICS_TOKEN: TEST_METRICS_TOKEN,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      RATE_LIMIT_REQUESTS_PER_MINUTE: UNREACHABLE_LIMIT,
      RATE_LIMIT_EVENTS_PER_MINUTE: UNREACHABLE_LIMIT,
      LOG_LEVEL: 'fatal',
      ...overrides,
    },
    { tokenKeys: true },
  );
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config)] }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(httpAdapter(config), { bodyParser: false, logger: false });
  configureApp(app);
  const contract = new OpenApiContract();
  app.getHttpAdapter().getInstance().addHook('onSend', contract.onSend);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return {
    app,
    server: app.getHttpServer() as App,
    config,
    database,
    wsBase: () => `ws://127.0.0.1:${((app.getHttpServer() as unknown as Server).address() as AddressInfo).port}`,
    // Once per app, however many of its tests need a port.
    listen: async () => {
      if (!(app.getHttpServer() as unknown as Server).listening) await app.listen(0, '127.0.0.1');
    },
    close: async () => {
      const document = createOpenApiDocument(app);
      const problems = contract.check(document, { runId: testEnvironment.runId, suite: basename(expect.getState().testPath ?? 'unknown') });
      await app.close();
      if (!shared) await database.drop();
      // Every answer a test saw must be one the OpenAPI document allows: generated clients rely on it.
      if (problems.length > 0) throw new Error(`Responses the OpenAPI document does not allow:\n${problems.join('\n')}`);
    },
  };
}
