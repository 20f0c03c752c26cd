import { randomBytes } from 'node:crypto';
import { WebSocket } from 'ws';
import { EventStoreClient } from '../src/index.js';
import { Exchange, recordingFetch } from './harness';
import { ApiClient, TenantKey } from '../../test/support/api-client';
import { freePort } from '../../test/support/free-port';
import type { PostgresPair } from '../../test/support/postgres-pair';
import { ServiceProcess } from '../../test/support/service-process';
import { testEnvironment } from '../../test/support/test-environment';
import { waitFor } from '../../test/support/wait-for';

/** The built API (and, when asked, the worker) on a primary/standby pair, through DATABASE_URL's multi-host form. */
export class FailoverService {
  readonly exchanges: Exchange[] = [];
  readonly admin: ApiClient;
  readonly url: string;

  private constructor(
    readonly api: ServiceProcess,
    readonly worker: ServiceProcess | undefined,
    port: number,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.admin = new ApiClient(this.url);
  }

  static async start(pair: PostgresPair, { worker = false, env = {} }: { worker?: boolean; env?: Record<string, string> } = {}) {
    const port = await freePort();
    const shared = {
      DATABASE_URL: pair.multiHostUrl('read-write'),
      REDIS_URL: testEnvironment.redisUrl,
      REDIS_PREFIX: `${testEnvironment.redisPrefix}-failover-${randomBytes(3).toString('hex')}`,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      LOG_LEVEL: 'info',
    };
    const api = ServiceProcess.startApi({ ...shared, PORT: String(port), RATE_LIMIT_REQUESTS_PER_MINUTE: '100000000', ...env });
    await api.waitForOutput(/Listening on port/);
    let workerProcess: ServiceProcess | undefined;
    if (worker) {
      workerProcess = ServiceProcess.start('dist/worker.js', { ...shared, WEBHOOK_SWEEP_INTERVAL_MS: '500' });
      await workerProcess.waitForOutput(/Worker ready/);
    }
    return new FailoverService(api, workerProcess, port);
  }

  /** A client of `tenant` whose every exchange is recorded, retrying as long as a failover may take. */
  client(tenant: TenantKey): EventStoreClient {
    return new EventStoreClient({
      baseUrl: this.url,
      apiKey: tenant.key,
      fetch: recordingFetch(this.exchanges),
      WebSocket: WebSocket,
      retry: { maxAttempts: 1000, maxDelayMs: 500, maxElapsedMs: 120_000 },
    });
  }

  /** Every status the service answered the recorded clients with, and how often. */
  statuses(): Record<number, number> {
    return this.exchanges.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});
  }

  async readiness(): Promise<number> {
    return (await fetch(`${this.url}/health/ready`)).status;
  }

  async stop(): Promise<void> {
    await Promise.all([this.api.stop('SIGKILL'), this.worker?.stop('SIGKILL')]);
  }
}

export interface Acknowledged {
  appender: number;
  seq: number;
  globalPosition: number;
  at: number;
}

/**
 * `count` clients appending one event at a time, each to a stream of its own, with the client's
 * Idempotency-Keys and retries, until stopped: what was acknowledged, and when.
 */
export class Appenders {
  readonly acknowledged: Acknowledged[] = [];
  readonly failures: unknown[] = [];
  private running = true;
  private readonly loops: Promise<void>[];

  constructor(client: EventStoreClient, storeRef: string, count: number) {
    const store = client.store(storeRef);
    this.loops = Array.from({ length: count }, async (_, appender) => {
      for (let seq = 0; this.running; seq += 1) {
        try {
          const { globalPosition } = await store.appendToStream(`appender-${appender}`, [{ type: 'tick', data: { appender, seq } }]);
          this.acknowledged.push({ appender, seq, globalPosition, at: Date.now() });
        } catch (error) {
          this.failures.push(error);
        }
      }
    });
  }

  async waitFor(count: number, what: string): Promise<void> {
    await waitFor(() => this.acknowledged.length >= count, { timeoutMs: 120_000, what });
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** The first acknowledgement after `time`, in ms after it. */
  firstAfter(time: number): number {
    const first = Math.min(...this.acknowledged.filter(({ at }) => at > time).map(({ at }) => at));
    return first - time;
  }

  /** The longest stretch without an acknowledgement, in ms. */
  longestGap(): number {
    const times = this.acknowledged.map(({ at }) => at).sort((a, b) => a - b);
    return times.reduce((longest, at, index) => (index === 0 ? 0 : Math.max(longest, at - times[index - 1])), 0);
  }
}
