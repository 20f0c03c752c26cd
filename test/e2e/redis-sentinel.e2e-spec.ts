import { ApiClient } from '../support/api-client';
import { createKeyWithCli, revokeWithCliHeardBy } from '../support/cli-process';
import { startOfRoomyWindow } from '../support/rate-limit-window';
import { RedisTopologyHarness, SentinelSet } from '../support/redis-topology';
import { ServiceProcess } from '../support/service-process';
import { ServiceOnRedis } from '../support/service-on-redis';
import { startTestApp } from '../support/test-app';
import { cloneTestDatabase } from '../support/test-database';
import { waitFor } from '../support/wait-for';

const PREFIX = '{es-sentinel}';
/** What the service promises after a promotion (docs/redis.md). */
const RESUMED_WITHIN_MS = 15_000;

/**
 * Waits, appending all along, until the service has followed a promotion made at `promotedAt`: an event
 * appended after it delivered, and an append after it counted by the request limit, which skips Redis
 * for 5 s after a failure (or until the promise is broken). Stops the appends whatever happened, so that
 * the next test counts only its own; on a timeout, the error carries what both processes logged.
 */
async function followPromotion(service: ServiceOnRedis, promotedAt: number): Promise<{ deliveredAt: number; countedAt: number }> {
  const countedAfter = () => service.appends.find((append) => append.respondedAt > promotedAt && append.counted);
  const waiting = { timeoutMs: RESUMED_WITHIN_MS + 15_000 };
  try {
    await waitFor(() => service.firstDeliveryAppendedAfter(promotedAt) !== undefined, {
      ...waiting,
      what: 'a delivery of an event appended after the promotion',
    });
    await waitFor(() => countedAfter() !== undefined, { ...waiting, what: 'an append after the promotion counted in Redis' });
  } catch (error) {
    // What the two processes said since the kill is what tells a slow failover from a missed one.
    const since = (log: string) => log.slice(-4000);
    throw new Error(`${(error as Error).message}\nAPI log:\n${since(service.api.log)}\nWorker log:\n${since(service.worker.log)}`, {
      cause: error,
    });
  } finally {
    await service.stopAppends();
  }
  await service.allDelivered(30_000);
  // Every append was acknowledged (PostgreSQL holds them, whatever Redis does), and every one delivered.
  expect(service.appends.filter((append) => append.status !== 200)).toEqual([]);
  expect(service.appendedPositions().filter((position) => !service.deliveredPositions().has(position))).toEqual([]);
  return { deliveredAt: service.firstDeliveryAppendedAfter(promotedAt)!.receivedAt, countedAt: countedAfter()!.respondedAt };
}

/** Neither process restarted: the same two, running, each started once. */
function expectNoRestart(service: ServiceOnRedis, pids: { api?: number; worker?: number }): void {
  expect({ api: service.api.child.pid, worker: service.worker.child.pid }).toEqual(pids);
  expect([service.api.child.exitCode, service.worker.child.exitCode]).toEqual([null, null]);
  expect(service.worker.log.match(/Worker ready/g)).toHaveLength(1);
}

/**
 * Redis Sentinel (docs/redis.md): the API and the worker, real processes started with REDIS_SENTINELS,
 * follow a failover on their own. The master is killed under a steady stream of appends with a webhook
 * subscription; the Sentinels promote the replica; deliveries resume within 15 s of the promotion,
 * nothing is lost, and neither process restarts. The old master then comes back, as a replica, and
 * changes nothing.
 */
describe('The service on Redis Sentinel', () => {
  const harness = new RedisTopologyHarness();
  let set: SentinelSet;
  let service: ServiceOnRedis;

  beforeAll(async () => {
    set = await harness.sentinelSet();
    service = await ServiceOnRedis.start(set.env, PREFIX);
  });
  afterAll(async () => {
    await service?.stop();
    await harness.stop();
  });

  it('lets the CLI revoke a key through the Sentinels: the revocation is announced on the master and the CLI exits', async () => {
    const database = await cloneTestDatabase();
    const prefix = '{es-sentinel-cli}';
    const listener = set.master.client();
    try {
      const env = { ...set.env, DATABASE_URL: database.url, REDIS_PREFIX: prefix };
      const keyId = await createKeyWithCli(env, 'sentinel-operators');
      expect(await revokeWithCliHeardBy(env, keyId, listener, { sharded: false })).toEqual([{ apiKeyId: keyId }]);
    } finally {
      listener.disconnect();
      await database.drop();
    }
  });

  it('follows a failover during appends: deliveries resume within 15 s of the promotion, none lost, no restart', async () => {
    const pids = { api: service.api.child.pid, worker: service.worker.child.pid };
    service.startAppends();
    await service.receiver.waitUntil(() => service.deliveredPositions().size >= 5);

    const logBefore = service.worker.log.length;
    const { killedAt, promotedAt } = await harness.crashMaster(set);
    const { deliveredAt, countedAt } = await followPromotion(service, promotedAt);

    process.stdout.write(
      `Sentinel failover: promoted ${promotedAt - killedAt} ms after the kill; first delivery of an event appended after it ${deliveredAt - promotedAt} ms after the promotion\n`,
    );
    expect(deliveredAt - promotedAt).toBeLessThan(RESUMED_WITHIN_MS);
    // The API follows too: its request counts reach the new master. The counter expires when its
    // minute ends, so one request is counted afresh in a minute with room left before looking for it.
    expect(countedAt - promotedAt).toBeLessThan(RESUMED_WITHIN_MS);
    await startOfRoomyWindow();
    expect(await service.appendOne()).toMatchObject({ status: 200, counted: true });
    const counter = `${PREFIX}:rate-limit:requests:${service.owner.apiKeyId}`;
    expect(await set.replica.with((client) => client.exists(counter))).toBe(1);
    expectNoRestart(service, pids);
    // The failover is visible in the log, without a flood: repeated problems are summed up every 10 s.
    expect(service.worker.log.slice(logBefore).split('\n').length).toBeLessThan(50);
  });

  it('keeps delivering when the old master comes back as a replica', async () => {
    await set.master.start();
    // The Sentinels turn the returning master into a replica of the new one, and disconnect its clients as they do
    // (CLIENT KILL TYPE normal): a question cut off that way is asked again.
    const role = () => set.master.with((client) => client.role()).catch(() => ['unknown']);
    await waitFor(async () => (await role())[0] === 'slave', {
      timeoutMs: 30_000,
      intervalMs: 200,
      what: 'the old master reconfigured as a replica',
    });
    const before = service.appendedPositions().length;
    for (let index = 0; index < 5; index += 1) expect((await service.appendOne()).status).toBe(200);
    await service.allDelivered(15_000);
    expect(service.appendedPositions().length).toBe(before + 5);
    const ready = await service.client.http().get('/health/ready');
    expect(ready.status).toBe(200);
    expect(service.worker.log).not.toMatch(/READONLY/);
  });

  it("refuses a Sentinel's address given as REDIS_URL: readiness fails and the worker does not start, saying what to set", async () => {
    const sentinelAsServer = `redis://:${set.env.REDIS_SENTINEL_PASSWORD}@${set.sentinels[0].address}`;
    const testApp = await startTestApp({ REDIS_URL: sentinelAsServer });
    try {
      const ready = await new ApiClient(testApp.server).http().get('/health/ready').expect(503);
      expect(ready.body.error.details.error.redis).toMatchObject({ status: 'down', message: expect.stringMatching(/unknown command/) });
    } finally {
      await testApp.close();
    }
    const database = await cloneTestDatabase();
    try {
      const worker = ServiceProcess.start('dist/worker.js', {
        DATABASE_URL: database.url,
        REDIS_URL: sentinelAsServer,
        REDIS_PREFIX: PREFIX,
      });
      expect((await worker.exited).code).toBe(1);
      expect(worker.log).toMatch(
        /Worker failed to start: Redis refused a write \(ERR unknown command .*is REDIS_URL a Sentinel\? Name the Sentinels in REDIS_SENTINELS/,
      );
      expect(worker.log).not.toMatch(/Worker ready/);
    } finally {
      await database.drop();
    }
  });
});

/**
 * Sentinels are deployed one beside each Redis server, so a host lost whole takes a Sentinel with the
 * master. Here the Sentinel the service asks first hangs (frozen: its port still takes connections, and
 * nothing answers) as the master crashes. The service must ask the other Sentinels instead of waiting on
 * it, and must keep its connections when those announce the promotion while it is still asking them
 * where the master is (ioredis ends a client for good when its failover listener cuts in on a connect).
 */
describe('The service on Redis Sentinel, when the Sentinel it asks first hangs as the master crashes', () => {
  const harness = new RedisTopologyHarness();
  let set: SentinelSet;
  let service: ServiceOnRedis;

  beforeAll(async () => {
    set = await harness.sentinelSet();
    service = await ServiceOnRedis.start(set.env, PREFIX);
  });
  afterAll(async () => {
    await service?.stop();
    await harness.stop();
  });

  it('follows the failover through the other Sentinels: deliveries and request counts resume within 15 s of the promotion', async () => {
    const pids = { api: service.api.child.pid, worker: service.worker.child.pid };
    service.startAppends();
    await service.receiver.waitUntil(() => service.deliveredPositions().size >= 5);

    // Both processes asked the first Sentinel listed, which answered: they ask it first again.
    const [first, ...others] = set.sentinels;
    first.freeze();
    try {
      const { promotedAt } = await harness.crashMaster(set, others);
      const { deliveredAt, countedAt } = await followPromotion(service, promotedAt);
      expect(deliveredAt - promotedAt).toBeLessThan(RESUMED_WITHIN_MS);
      expect(countedAt - promotedAt).toBeLessThan(RESUMED_WITHIN_MS);
    } finally {
      first.thaw();
    }
    expect((await service.client.http().get('/health/ready')).status).toBe(200);
    expectNoRestart(service, pids);
  });
});
