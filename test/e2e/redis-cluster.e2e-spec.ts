import type Redis from 'ioredis';
import { ApiClient, bearer, TenantKey } from '../support/api-client';
import { createKeyWithCli, revokeWithCliHeardBy } from '../support/cli-process';
import { startOfRoomyWindow } from '../support/rate-limit-window';
import { RedisCluster, RedisTopologyHarness } from '../support/redis-topology';
import { ServiceOnRedis } from '../support/service-on-redis';
import { cloneTestDatabase } from '../support/test-database';
import { TestSocket } from '../support/ws-client';

const PREFIX = '{es-cluster}';

/**
 * Redis Cluster (docs/redis.md): two API processes and a worker started with REDIS_CLUSTER_NODES and a
 * hash-tagged REDIS_PREFIX, on a real Cluster of three masters. Everything that uses Redis works there:
 * appends counted by the request limit, webhook deliveries through BullMQ, the WebSocket registry and
 * its commands across instances, and revocations, which travel over sharded pub/sub on the master that
 * serves the prefix's slot, so that the other instance refuses the key from the next request on.
 */
describe('The service on a Redis Cluster', () => {
  const harness = new RedisTopologyHarness();
  let cluster: RedisCluster;
  let service: ServiceOnRedis;
  let other: { client: ApiClient; port: number };

  beforeAll(async () => {
    cluster = await harness.cluster(3);
    service = await ServiceOnRedis.start(cluster.env, PREFIX);
    other = await service.startAnotherApi();
  });
  afterAll(async () => {
    await service?.stop();
    await harness.stop();
  });

  /** The master serving the slot of the prefix's hash tag, from the Cluster's own map. */
  const slotOwner = async () => {
    const [slot, ranges] = await cluster.masters[0].with(
      async (client) => [await client.cluster('KEYSLOT', PREFIX), await client.cluster('SLOTS')] as const,
    );
    const [, , [, port]] = ranges.find(([start, end]) => start <= slot && slot <= end)!;
    return cluster.masters.find((master) => master.port === port)!;
  };

  it('appends with rate-limit headers and delivers every event by webhook, all of its keys in one slot', async () => {
    for (let index = 0; index < 20; index += 1) await service.appendOne();
    expect(service.appends.map((append) => [append.status, append.counted])).toEqual(service.appends.map(() => [200, true]));
    await service.allDelivered(30_000);
    expect([...service.deliveredPositions()].sort((a, b) => a - b)).toEqual(service.appendedPositions());

    // Each request is counted once in the key's window, on the Cluster. The window's key expires when its minute
    // ends, so the two requests and the look for the key below stay in one minute.
    await startOfRoomyWindow();
    const first = await service.client.http().get('/event-stores').set(bearer(service.owner.key)).expect(200);
    const second = await service.client.http().get('/event-stores').set(bearer(service.owner.key)).expect(200);
    expect(first.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
    expect(second.headers['x-ratelimit-remaining']).toBe(String(Number(first.headers['x-ratelimit-remaining']) - 1));

    // The Cluster shares its slots among three masters; the service's keys all sit in the prefix's slot.
    const owner = await slotOwner();
    const keysPerMaster = await Promise.all(cluster.masters.map((master) => master.with((client) => client.keys(`${PREFIX}*`))));
    expect(keysPerMaster.map((keys) => keys.length > 0)).toEqual(cluster.masters.map((master) => master === owner));
    expect(keysPerMaster.flat()).toEqual(expect.arrayContaining([`${PREFIX}:rate-limit:requests:${service.owner.apiKeyId}`]));
  });

  it("lets the CLI revoke a key on the Cluster: the revocation is announced on the slot's master and the CLI exits", async () => {
    const database = await cloneTestDatabase();
    let listener: Redis | undefined;
    try {
      const env = { ...cluster.env, DATABASE_URL: database.url, REDIS_PREFIX: PREFIX };
      const keyId = await createKeyWithCli(env, 'cluster-operators');
      listener = (await slotOwner()).client();
      expect(await revokeWithCliHeardBy(env, keyId, listener, { sharded: true })).toEqual([{ apiKeyId: keyId }]);
    } finally {
      listener?.disconnect();
      await database.drop();
    }
  });

  it('lists a WebSocket of one instance through the other, and closes it from there', async () => {
    const socket = await TestSocket.open(
      `ws://127.0.0.1:${other.port}/event-stores/${service.storeId}/events/ws?apiKey=${service.owner.key}&clientId=on-other`,
    );
    const subscriptionId = await socket.subscribe('*');
    const listed = await service.client.http().get(`/event-stores/${service.storeId}/websocket-connections`).set(bearer(service.owner.key));
    expect(listed.status).toBe(200);
    expect(listed.body.connections).toEqual([
      expect.objectContaining({ clientId: 'on-other', subscriptions: [{ subscriptionId, eventFilter: '*' }] }),
    ]);
    const closed = await service.client
      .http()
      .delete(`/event-stores/${service.storeId}/websocket-connections/on-other`)
      .set(bearer(service.owner.key))
      .expect(200);
    expect(closed.body.connectionsClosedCount).toBe(1);
    expect(await socket.closedWithin(2000)).toEqual({ code: 1000, reason: 'Closed by an administrator' });
  });

  it('refuses a revoked key, its token and a WebSocket on the other instance by the very next request', async () => {
    // Both instances hear revocations on the master that serves the channel's slot, over sharded pub/sub.
    const channel = `${PREFIX}:auth:revocations`;
    const owner = await slotOwner();
    expect(await owner.with((client) => client.call('PUBSUB', 'SHARDNUMSUB', channel))).toEqual([channel, 2]);

    // Several rounds: a check that merely raced the announcement would lose some of them.
    for (let round = 0; round < 10; round += 1) {
      const key: TenantKey = await service.client.keyFor(service.owner.tenantId, ['read']);
      const token = await other.client.accessToken(key.key);
      // Verified on the other instance, so remembered there.
      await other.client.http().get('/event-stores').set(bearer(key.key)).expect(200);
      await other.client.http().get('/api/event-stores').set(bearer(token)).expect(200);

      await service.client.admin().revokeApiKey(key.apiKeyId).expect(204);
      const [byKey, byToken, upgrade] = await Promise.all([
        other.client.http().get('/event-stores').set(bearer(key.key)),
        other.client.http().get('/api/event-stores').set(bearer(token)),
        TestSocket.refusal(`ws://127.0.0.1:${other.port}/event-stores/${service.storeId}/events/ws?apiKey=${key.key}`),
      ]);
      expect({ round, byKey: byKey.status, byToken: byToken.status, upgrade: upgrade.status }).toEqual({
        round,
        byKey: 401,
        byToken: 401,
        upgrade: 401,
      });
    }
  });
});
