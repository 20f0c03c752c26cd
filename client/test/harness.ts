import { randomBytes } from 'node:crypto';
import { ApiClient, TenantKey } from '../../test/support/api-client';
import { freePort, ServiceProcess } from '../../test/support/service-process';
import { cloneTestDatabase, TestDatabase } from '../../test/support/test-database';
import { testEnvironment } from '../../test/support/test-environment';
import { startWorker } from '../../test/support/worker-process';
import type { FetchLike } from '../src/index.js';

/** Far above what any suite sends, except the one about limits. */
const UNREACHABLE_LIMIT = '100000000';

/**
 * The built API (`dist/main.js`) as a real process on its own clone of the migrated database and its
 * own Redis prefix, on a fixed port, so that it can be stopped and started again where clients
 * expect it.
 */
export class RunningApi {
  private process: ServiceProcess | undefined;
  readonly api: ApiClient;
  readonly url: string;

  private constructor(
    readonly port: number,
    readonly database: TestDatabase,
    readonly redisPrefix: string,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.api = new ApiClient(this.url);
  }

  static async start(env: Record<string, string> = {}): Promise<RunningApi> {
    const api = new RunningApi(
      await freePort(),
      await cloneTestDatabase(),
      `${testEnvironment.redisPrefix}-client-${randomBytes(3).toString('hex')}`,
      env,
    );
    await api.startProcess();
    return api;
  }

  get log(): string {
    return this.process?.log ?? '';
  }

  /** A new tenant with one key of these scopes. */
  tenantWithKey(scopes: ('read' | 'write' | 'admin')[] = ['read', 'write', 'admin']): Promise<TenantKey> {
    return this.api.tenantWithKey(scopes);
  }

  /** SIGTERM (the WebSockets close with 1001), then the same API on the same port and database. */
  async restart(): Promise<void> {
    await this.process?.stop();
    await this.startProcess();
  }

  /** A real `dist/worker.js` on this API's database and Redis prefix. */
  startWorker(): Promise<ServiceProcess> {
    return startWorker({
      DATABASE_URL: this.database.url,
      REDIS_URL: testEnvironment.redisUrl,
      REDIS_PREFIX: this.redisPrefix,
    });
  }

  async stop(): Promise<void> {
    await this.process?.stop();
    await this.database.drop();
  }

  private async startProcess(): Promise<void> {
    this.process = ServiceProcess.startApi({
      DATABASE_URL: this.database.url,
      REDIS_PREFIX: this.redisPrefix,
      PORT: String(this.port),
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      RATE_LIMIT_REQUESTS_PER_MINUTE: UNREACHABLE_LIMIT,
      RATE_LIMIT_EVENTS_PER_MINUTE: UNREACHABLE_LIMIT,
      SHUTDOWN_DRAIN_MS: '2000',
      ...this.env,
    });
    await this.process.waitForOutput(/Listening on port/);
  }
}

/** One request the client made, and what came back (`status` 0: no answer). */
export interface Exchange {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
  status: number;
  /** The answer's JSON body, when it had one. */
  response: unknown;
  /** The answer's `Retry-After`. */
  retryAfter: string | null;
  at: number;
}

/** The global fetch, recording every request into `log`: the request counter of the tests. */
export function recordingFetch(log: Exchange[]): FetchLike {
  return async (url, init) => {
    const exchange: Exchange = {
      method: init.method,
      url: new URL(url),
      headers: init.headers,
      body: init.body === undefined ? undefined : JSON.parse(init.body),
      status: 0,
      response: undefined,
      retryAfter: null,
      at: Date.now(),
    };
    log.push(exchange);
    const response = await fetch(url, init);
    exchange.status = response.status;
    exchange.retryAfter = response.headers.get('retry-after');
    const text = await response.clone().text();
    try {
      exchange.response = text === '' ? undefined : JSON.parse(text);
    } catch {
      exchange.response = text;
    }
    return response;
  };
}

export const uniqueName = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

/** Drains an async iterable (the client's reads and lists). */
export async function all<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}
