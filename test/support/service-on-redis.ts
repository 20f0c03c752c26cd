import { ApiClient, bearer, TenantKey } from './api-client';
import { freePort } from './free-port';
import { ServiceProcess } from './service-process';
import { cloneTestDatabase, TestDatabase } from './test-database';
import { WebhookReceiver } from './webhook-receiver';
import { startWorker } from './worker-process';

/** One append of the steady stream, as the client saw it. */
export interface AppendRecord {
  status: number;
  globalPosition?: number;
  respondedAt: number;
  /** Whether the response carried the request limit's headers: the API counted it in Redis. */
  counted: boolean;
}

/** Far above what the appends send, but set: responses carry X-RateLimit-* only when Redis counted them. */
const HIGH_LIMIT = '1000000';

/**
 * The service at work on a Redis set-up a test controls: the built API (`dist/main.js`) and worker
 * (`dist/worker.js`) as real processes, one store with a webhook subscription to a real receiver, and
 * appends one after another for as long as the test wants, each recorded with its time, as each
 * delivery is. So a test can fail Redis under it and measure what happened around the fault.
 */
export class ServiceOnRedis {
  readonly appends: AppendRecord[] = [];
  /** API instances started by startAnotherApi. */
  private readonly otherApis: ServiceProcess[] = [];
  private appending?: Promise<void>;
  private stopAppending = false;

  private constructor(
    readonly api: ServiceProcess,
    /** The first API's port, for WebSocket URLs. */
    readonly port: number,
    readonly worker: ServiceProcess,
    readonly client: ApiClient,
    readonly receiver: WebhookReceiver,
    private readonly database: TestDatabase,
    private readonly apiSettings: Record<string, string>,
    readonly owner: TenantKey,
    readonly storeId: string,
    readonly subscriptionId: string,
  ) {}

  /**
   * Starts both processes with `redisEnv` (the topology's settings), the worker's sweep at its default
   * interval (so that nothing here relies on a fast sweep), and subscribes a webhook from `latest`.
   */
  static async start(redisEnv: Record<string, string>, prefix: string): Promise<ServiceOnRedis> {
    const [database, receiver, port] = await Promise.all([cloneTestDatabase(), WebhookReceiver.start(), freePort()]);
    const settings = {
      REDIS_PREFIX: prefix,
      RATE_LIMIT_REQUESTS_PER_MINUTE: HIGH_LIMIT,
      RATE_LIMIT_EVENTS_PER_MINUTE: HIGH_LIMIT,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      ...redisEnv,
    };
    const api = ServiceProcess.startApi({ DATABASE_URL: database.url, PORT: String(port), ...settings });
    let worker: ServiceProcess | undefined;
    try {
      worker = await startWorker(
        { DATABASE_URL: database.url, REDIS_URL: '', REDIS_PREFIX: prefix },
        { ...redisEnv, WEBHOOK_SWEEP_INTERVAL_MS: '5000' },
      );
      await api.waitForOutput(/Listening on port/);
      const client = new ApiClient(`http://127.0.0.1:${port}`);
      const owner = await client.tenantWithKey();
      const storeId = (await client.createStore(owner.key, { name: 'orders' }).expect(201)).body.id as string;
      const subscription = await client
        .http()
        .post(`/event-stores/${storeId}/subscribe`)
        .set(bearer(owner.key))
        .send({ eventFilter: '*', subscriberConfig: { url: receiver.url() } })
        .expect(201);
      const subscriptionId = subscription.body.subscriptionId as string;
      return new ServiceOnRedis(api, port, worker, client, receiver, database, settings, owner, storeId, subscriptionId);
    } catch (error) {
      await Promise.all([api.stop('SIGKILL'), worker?.stop('SIGKILL')]);
      await receiver.close();
      await database.drop();
      throw error;
    }
  }

  /** Another API instance on the same database and Redis, stopped with the rest. */
  async startAnotherApi(): Promise<{ client: ApiClient; port: number }> {
    const port = await freePort();
    const api = ServiceProcess.startApi({ DATABASE_URL: this.database.url, PORT: String(port), ...this.apiSettings });
    this.otherApis.push(api);
    await api.waitForOutput(/Listening on port/);
    return { client: new ApiClient(`http://127.0.0.1:${port}`), port };
  }

  /** Appends one event at a time, `pauseMs` apart, until stopAppends. */
  startAppends(pauseMs = 50): void {
    this.stopAppending = false;
    this.appending = (async () => {
      while (!this.stopAppending) {
        await this.appendOne();
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    })();
  }

  async stopAppends(): Promise<void> {
    this.stopAppending = true;
    await this.appending;
  }

  async appendOne(): Promise<AppendRecord> {
    const response = await this.client
      .http()
      .post(`/event-stores/${this.storeId}/streams/ticks`)
      .set(bearer(this.owner.key))
      .send({ events: [{ type: 'tick', data: { n: this.appends.length } }] });
    const record = {
      status: response.status,
      globalPosition: response.body?.globalPosition as number | undefined,
      respondedAt: Date.now(),
      counted: response.headers['x-ratelimit-limit'] !== undefined,
    };
    this.appends.push(record);
    return record;
  }

  /** Positions delivered (successfully, at least once) so far. */
  deliveredPositions(): Set<number> {
    return new Set(this.receiver.delivered(this.subscriptionId).map((webhook) => webhook.body.event.globalPosition));
  }

  /** Positions appended so far (every append answered 200 carries one). */
  appendedPositions(): number[] {
    return this.appends.flatMap((append) => (append.globalPosition === undefined ? [] : [append.globalPosition]));
  }

  /** Resolves once every appended position has been delivered. */
  async allDelivered(timeoutMs: number): Promise<void> {
    await this.receiver.waitUntil(() => this.appendedPositions().every((position) => this.deliveredPositions().has(position)), timeoutMs);
  }

  /** The first delivery of an event whose append was answered after `instant`: deliveries surely woken after it. */
  firstDeliveryAppendedAfter(instant: number): { globalPosition: number; receivedAt: number } | undefined {
    const after = new Set(this.appends.filter((append) => append.respondedAt > instant).map((append) => append.globalPosition));
    const webhook = this.receiver.delivered(this.subscriptionId).find((delivery) => after.has(delivery.body.event.globalPosition));
    return webhook && { globalPosition: webhook.body.event.globalPosition, receivedAt: webhook.receivedAt };
  }

  /** Stops both processes and the receiver, and drops the database. */
  async stop(): Promise<void> {
    this.stopAppending = true;
    await this.appending?.catch(() => undefined);
    await Promise.all([this.api, this.worker, ...this.otherApis].map((process) => process.stop('SIGKILL')));
    await this.receiver.close();
    await this.database.drop();
  }
}
