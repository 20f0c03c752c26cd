import { Logger } from '@nestjs/common';
import Redis, { Cluster } from 'ioredis';
import { ChannelSubscription } from '../../src/common/redis/channel-subscription';
import type { RedisClient } from '../../src/common/redis/redis-topology';
import { RedisProcess } from '../support/redis-process';
import { RedisCluster, RedisTopologyHarness } from '../support/redis-topology';
import { waitFor } from '../support/wait-for';

/**
 * ChannelSubscription (revocations, WebSocket commands) on real servers, where the server ends a
 * subscription under it: the listener is told it may have missed messages, subscribes again on its
 * own, and `caughtUp` never vouches for a subscription that is gone. On a Cluster, the channel lives on
 * the master serving its slot (SSUBSCRIBE); when the slot moves to another master, so does the listener.
 */
describe('Channel subscriptions when the server ends them', () => {
  const harness = new RedisTopologyHarness();
  const clients: RedisClient[] = [];
  const subscriptions: ChannelSubscription[] = [];

  // The subscriptions' warnings (the server ended a subscription) are what these tests cause: not printed.
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    clients.forEach((client) => client.disconnect());
    await harness.stop();
  });

  const listen = (client: RedisClient, channel: string) => {
    clients.push(client);
    client.on('error', () => undefined);
    const heard: string[] = [];
    const interruptions: number[] = [];
    const subscription = new ChannelSubscription(
      client,
      channel,
      { message: (text) => heard.push(text), interrupted: () => interruptions.push(Date.now()) },
      'Test channel unheard',
    );
    subscriptions.push(subscription);
    subscription.start();
    return { subscription, heard, interruptions };
  };

  /** Publishes, waits as a publisher does (heardWherever), then checks that the listener has heard it by the time caughtUp says so. */
  const roundTrip = async ({ subscription, heard }: ReturnType<typeof listen>, text: string) => {
    await waitFor(async () => await subscription.caughtUp(), { timeoutMs: 10_000, what: 'the listener caught up' });
    await subscription.publish(text);
    await subscription.heardWherever();
    expect(await subscription.caughtUp()).toBe(true);
    expect(heard[heard.length - 1]).toBe(text);
  };

  it('subscribes again after the server dropped the listener, saying that messages may have been missed', async () => {
    const server: RedisProcess = await harness.server();
    const listener = listen(new Redis(server.port, '127.0.0.1'), 'es:test:channel');
    await roundTrip(listener, 'before');

    await server.with((client) => client.client('KILL', 'TYPE', 'pubsub'));
    await waitFor(() => listener.interruptions.length === 1, { what: 'the interruption reported' });
    await roundTrip(listener, 'after');
    expect(listener.heard).toEqual(['before', 'after']);
  });

  // That it waits for a PING once the last is older than VOUCH_MS is revocation.e2e-spec.ts's instance B.
  it('vouches at once, without waiting for a PING, while its last PING is recent', async () => {
    const server: RedisProcess = await harness.server();
    const { subscription } = listen(new Redis(server.port, '127.0.0.1'), 'es:test:vouched');
    // A PING answered within VOUCH_MS of being sent lets the next check answer without waiting (a
    // busy machine may take longer now and then: some round comes back in time).
    await waitFor(async () => (await subscription.caughtUp()) && subscription.caughtUp() === true, { what: 'an answer at once' });
  });

  it("follows the channel's slot to the master it moves to on a Cluster", async () => {
    const cluster: RedisCluster = await harness.cluster(3);
    const channel = '{es}:test:channel';
    const listener = listen(
      new Cluster(
        cluster.masters.map((master) => ({ host: '127.0.0.1', port: master.port })),
        { redisOptions: { password: cluster.env.REDIS_PASSWORD } },
      ),
      channel,
    );
    await roundTrip(listener, 'before');

    const shardSubscribers = (master: RedisProcess) =>
      master.with(async (client) => ((await client.call('PUBSUB', 'SHARDNUMSUB', channel)) as [string, number])[1]);
    const counts = await Promise.all(cluster.masters.map(shardSubscribers));
    const owner = cluster.masters[counts.indexOf(1)];
    expect(counts.filter((count) => count === 1)).toHaveLength(1);

    // Move the (keyless) slot to another master, the way a resharding does; the old owner ends its subscribers.
    const target = cluster.masters.find((master) => master !== owner)!;
    const slot = await owner.with((client) => client.cluster('KEYSLOT', channel));
    const [ownerId, targetId] = await Promise.all([owner, target].map((master) => master.with((client) => client.cluster('MYID'))));
    await target.with((client) => client.cluster('SETSLOT', slot, 'IMPORTING', ownerId));
    await owner.with((client) => client.cluster('SETSLOT', slot, 'MIGRATING', targetId));
    for (const master of [target, owner, ...cluster.masters.filter((other) => other !== owner && other !== target)]) {
      await master.with((client) => client.cluster('SETSLOT', slot, 'NODE', targetId));
    }

    await waitFor(async () => (await shardSubscribers(target)) === 1, { timeoutMs: 15_000, what: 'the listener on the new owner' });
    await roundTrip(listener, 'after');
    expect(listener.heard).toEqual(['before', 'after']);
    expect(listener.interruptions.length).toBeGreaterThanOrEqual(1);
    expect(await shardSubscribers(owner)).toBe(0);
  });
});
