import { RedisProcess } from '../support/redis-process';
import { RedisTopologyHarness } from '../support/redis-topology';
import { ServiceOnRedis } from '../support/service-on-redis';
import { waitFor } from '../support/wait-for';

/**
 * Long enough for reconnection delays that grow with the outage to show: BullMQ's own reached 8 s
 * after 12 s of outage, and its worker waited 15 s more after a lost connection.
 */
const OUTAGE_MS = 12_000;
/**
 * From Redis answering again to the first delivery: about half a second on this 2-core machine at a load
 * of 11 (a reconnection at most 1 s after Redis is back, whatever the load, then the sweep on
 * reconnection, the worker's next fetch and one request). 5 s leaves the steps after the reconnection
 * ten times that, for a machine loaded far more, and stays below what the delays this replaces took:
 * 6.5 s after this 12 s outage, measured here (BullMQ's reconnection backoff, then its worker's retry delay).
 */
const RESUMED_WITHIN_MS = 5000;

/**
 * A plain Redis (REDIS_URL) failing under the service, real API and worker processes: killed and
 * restarted empty (as after a crash without persistence), and turned into a replica, which refuses
 * every write. Appends go on throughout; deliveries start again promptly once Redis is back and none
 * is lost; readiness fails while Redis cannot take writes; the worker's log stays readable.
 */
describe('The service on a plain Redis that fails', () => {
  const harness = new RedisTopologyHarness();
  let redis: RedisProcess;
  let service: ServiceOnRedis;

  const firstDeliveryAfter = (instant: number) =>
    service.receiver.delivered(service.subscriptionId).find((webhook) => webhook.receivedAt > instant)?.receivedAt;

  beforeAll(async () => {
    redis = await harness.server();
    service = await ServiceOnRedis.start({ REDIS_URL: `redis://${redis.address}` }, '{es-plain}');
  });
  afterAll(async () => {
    await service?.stop();
    await harness.stop();
  });

  it('starts delivering within a few seconds of a restarted Redis answering again, and loses nothing', async () => {
    service.startAppends();
    await service.receiver.waitUntil(() => service.deliveredPositions().size >= 5);
    await redis.kill();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    await redis.start();
    const answeredAt = Date.now();
    await waitFor(() => firstDeliveryAfter(answeredAt) !== undefined, { timeoutMs: 60_000, what: 'a delivery after Redis came back' });
    await service.stopAppends();
    await service.allDelivered(30_000);

    const resumedMs = firstDeliveryAfter(answeredAt)! - answeredAt;
    process.stdout.write(`Plain Redis restarted after ${OUTAGE_MS} ms: first delivery ${resumedMs} ms after it answered again\n`);
    expect(resumedMs).toBeLessThan(RESUMED_WITHIN_MS);
    expect(service.appends.filter((append) => append.status !== 200)).toEqual([]);
    expect(service.appendedPositions().filter((position) => !service.deliveredPositions().has(position))).toEqual([]);
  });

  it('is not ready while Redis refuses writes, backs off without flooding the log, and delivers once Redis takes them again', async () => {
    const master = await harness.server();
    const logsBefore = { api: service.api.log.length, worker: service.worker.log.length };
    // A replica refuses writes with READONLY, as a demoted master does.
    await redis.with((client) => client.replicaof('127.0.0.1', master.port));
    service.startAppends();
    await waitFor(async () => (await service.client.http().get('/health/ready')).status === 503, { what: 'readiness failing' });
    const notReady = await service.client.http().get('/health/ready');
    expect(notReady.body.error.details.error.redis).toMatchObject({ status: 'down', message: expect.stringMatching(/^READONLY/) });
    await new Promise((resolve) => setTimeout(resolve, 4000));
    // Each process says that Redis refuses, in a few lines, where the worker used to log thousands a second.
    const problemsSince = (log: string, from: number) =>
      log
        .slice(from)
        .split('\n')
        .filter((line) => /"level":(40|50|60)/.test(line));
    expect(problemsSince(service.worker.log, logsBefore.worker).length).toBeLessThan(20);
    expect(problemsSince(service.api.log, logsBefore.api).length).toBeLessThan(20);

    await redis.with((client) => client.replicaof('NO', 'ONE'));
    const writableAt = Date.now();
    await waitFor(() => firstDeliveryAfter(writableAt) !== undefined, {
      timeoutMs: 60_000,
      what: 'a delivery after Redis took writes again',
    });
    await service.stopAppends();
    await service.allDelivered(30_000);
    expect(firstDeliveryAfter(writableAt)! - writableAt).toBeLessThan(RESUMED_WITHIN_MS);
    expect(service.appendedPositions().filter((position) => !service.deliveredPositions().has(position))).toEqual([]);
    await waitFor(async () => (await service.client.http().get('/health/ready')).status === 200, { what: 'readiness back' });
  });

  it('asks again only every few seconds while Redis refuses its writes, and delivers once it takes them', async () => {
    const refusals = async () => {
      const stats = await redis.with((client) => client.info('errorstats'));
      return Number(/errorstat_NOREPLICAS:count=(\d+)/.exec(stats)?.[1] ?? 0);
    };
    // Writes refused for want of replicas, as a master configured to need one refuses them when it has none.
    await redis.with((client) => client.config('SET', 'min-replicas-to-write', '1'));
    let refusedMeanwhile: number;
    try {
      // A fetch already blocked waits out its timeout (5 s) unrefused: its connection is dropped, so that the next one starts now.
      await redis.with((client) => client.client('KILL', 'TYPE', 'normal'));
      const before = await refusals();
      await new Promise((resolve) => setTimeout(resolve, 4000));
      // Nothing else asks Redis to write meanwhile: these are the worker's attempts to fetch its next job.
      refusedMeanwhile = (await refusals()) - before;
    } finally {
      await redis.with((client) => client.config('SET', 'min-replicas-to-write', '0'));
    }
    process.stdout.write(`Writes refused for 4 s: the worker asked ${refusedMeanwhile} times\n`);
    expect(refusedMeanwhile).toBeGreaterThan(0);
    expect(refusedMeanwhile).toBeLessThan(20);
    const writableAt = Date.now();
    await service.appendOne();
    await service.allDelivered(30_000);
    expect(firstDeliveryAfter(writableAt)! - writableAt).toBeLessThan(RESUMED_WITHIN_MS);
  });
});
