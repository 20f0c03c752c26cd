import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ConfigLine, RedisProcess } from './redis-process';
import { freePort } from './free-port';
import { waitFor } from './wait-for';

export const SENTINEL_MASTER = 'events-master';

export interface SentinelSet {
  master: RedisProcess;
  replica: RedisProcess;
  sentinels: RedisProcess[];
  /** The service's settings for this set-up (REDIS_URL emptied, so the test default does not apply). */
  env: Record<string, string>;
}

export interface RedisCluster {
  masters: RedisProcess[];
  env: Record<string, string>;
}

/** What a Sentinel says of a master: `SENTINEL MASTER <name>`'s fields. */
async function sentinelView(sentinel: RedisProcess): Promise<Record<string, string>> {
  const fields = (await sentinel.with((client) => client.call('SENTINEL', 'MASTER', SENTINEL_MASTER))) as string[];
  return Object.fromEntries(fields.flatMap((field, index) => (index % 2 === 0 ? [[field, fields[index + 1]]] : [])));
}

/**
 * Redis set-ups for tests, started from the machine's `redis-server` in a temporary directory, on free
 * ports of 127.0.0.1: a plain server, a Sentinel set-up (a master, a replica and three Sentinels) or a
 * Cluster of masters. `stop()` kills exactly the processes started here, by PID, and removes the
 * directory; call it in afterAll, so that it runs when a test fails too.
 */
export class RedisTopologyHarness {
  private readonly processes: RedisProcess[] = [];
  private readonly dir = mkdtempSync(join(tmpdir(), 'es-redis-'));

  constructor(private readonly password = 'redis-test-password') {
    // Should this test process die before stop(), a detached watchdog (redis-watchdog.cjs) kills what it left running.
    spawn(process.execPath, [join(__dirname, 'redis-watchdog.cjs'), String(process.pid), this.dir], {
      detached: true,
      stdio: 'ignore',
    }).unref();
  }

  /** A plain Redis server, with no password. */
  async server(config: ConfigLine[] = []): Promise<RedisProcess> {
    return this.launch(new RedisProcess(await freePort(), this.dir, {}, config));
  }

  /**
   * A master and its replica, with a password, watched by three Sentinels (quorum 2) with a password
   * of their own, which call the master down after 1 s without an answer. Resolves once every Sentinel
   * knows the replica and the two other Sentinels, so that a failover can start.
   */
  async sentinelSet(): Promise<SentinelSet> {
    const auth: ConfigLine[] = [
      ['requirepass', this.password],
      ['masterauth', this.password],
    ];
    const master = await this.launch(new RedisProcess(await freePort(), this.dir, { password: this.password }, auth));
    const replica = await this.launch(
      new RedisProcess(await freePort(), this.dir, { password: this.password }, [...auth, ['replicaof', '127.0.0.1', master.port]]),
    );
    const sentinelPassword = `${this.password}-sentinel`;
    const sentinels: RedisProcess[] = [];
    for (let index = 0; index < 3; index += 1) {
      const config: ConfigLine[] = [
        ['sentinel', 'monitor', SENTINEL_MASTER, '127.0.0.1', master.port, 2],
        ['sentinel', 'auth-pass', SENTINEL_MASTER, this.password],
        ['sentinel', 'down-after-milliseconds', SENTINEL_MASTER, 1000],
        // Also how long a failed election waits before the next (twice this): short, so that one split vote cannot stall a test.
        ['sentinel', 'failover-timeout', SENTINEL_MASTER, 4000],
        ['requirepass', sentinelPassword],
        ['sentinel', 'sentinel-pass', sentinelPassword],
      ];
      sentinels.push(
        await this.launch(new RedisProcess(await freePort(), this.dir, { password: sentinelPassword, sentinel: true }, config)),
      );
    }
    await waitFor(
      async () => {
        const views = await Promise.all(sentinels.map(sentinelView));
        return views.every((view) => view['num-other-sentinels'] === '2' && view['num-slaves'] === '1');
      },
      { timeoutMs: 30_000, intervalMs: 200, what: 'three Sentinels knowing each other and the replica' },
    );
    return {
      master,
      replica,
      sentinels,
      env: {
        REDIS_URL: '',
        REDIS_SENTINELS: sentinels.map((sentinel) => sentinel.address).join(','),
        REDIS_SENTINEL_MASTER: SENTINEL_MASTER,
        REDIS_SENTINEL_PASSWORD: sentinelPassword,
        REDIS_PASSWORD: this.password,
      },
    };
  }

  /**
   * Listens to the Sentinels (every one, unless told which: a frozen one would never answer), then kills
   * the master (SIGKILL, as a crash). Resolves once a Sentinel announces the replica promoted
   * (`+promoted-slave`, or `+switch-master` if heard first), with the times of the kill and of that
   * announcement.
   */
  async crashMaster(set: SentinelSet, listenTo = set.sentinels): Promise<{ killedAt: number; promotedAt: number }> {
    const listeners = listenTo.map((sentinel) => sentinel.client());
    let timer: NodeJS.Timeout | undefined;
    try {
      // Every listener subscribed before the kill, so that no announcement can come before one listens.
      await Promise.all(
        listeners.map(async (listener) => listener.connect().then(() => listener.subscribe('+promoted-slave', '+switch-master'))),
      );
      const announced = Promise.race(
        listeners.map((listener) => new Promise<number>((resolve) => listener.once('message', () => resolve(Date.now())))),
      );
      const killedAt = Date.now();
      await set.master.kill();
      const promotedAt = await Promise.race([
        announced,
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no promotion within 60 s')), 60_000))),
      ]);
      return { killedAt, promotedAt };
    } finally {
      clearTimeout(timer);
      listeners.forEach((listener) => listener.disconnect());
    }
  }

  /** A Cluster of `size` masters without replicas, with a password, its slots shared out by `redis-cli --cluster create`. */
  async cluster(size = 3): Promise<RedisCluster> {
    const masters: RedisProcess[] = [];
    for (let index = 0; index < size; index += 1) {
      const port = await freePort();
      const config: ConfigLine[] = [
        ['cluster-enabled', 'yes'],
        // Chosen free too: the default (port + 10000) may be taken, or past 65535.
        ['cluster-port', await freePort()],
        ['cluster-config-file', join(this.dir, `nodes-${port}.conf`)],
        ['cluster-node-timeout', 2000],
        ['requirepass', this.password],
        ['masterauth', this.password],
      ];
      masters.push(await this.launch(new RedisProcess(port, this.dir, { password: this.password }, config)));
    }
    const addresses = masters.map((master) => master.address);
    await promisify(execFile)('redis-cli', [
      '-a',
      this.password,
      '--no-auth-warning',
      '--cluster',
      'create',
      ...addresses,
      '--cluster-yes',
    ]);
    await waitFor(
      async () => {
        const states = await Promise.all(masters.map((master) => master.with((client) => client.cluster('INFO'))));
        return states.every((info) => info.includes('cluster_state:ok'));
      },
      { timeoutMs: 30_000, intervalMs: 200, what: 'every Cluster node reporting cluster_state:ok' },
    );
    return { masters, env: { REDIS_URL: '', REDIS_CLUSTER_NODES: addresses.join(','), REDIS_PASSWORD: this.password } };
  }

  /** Kills every process started here (by PID, whatever state a test left them in) and removes the directory. */
  async stop(): Promise<void> {
    await Promise.all(this.processes.map((process) => process.kill()));
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async launch(process: RedisProcess): Promise<RedisProcess> {
    this.processes.push(process);
    await process.start();
    return process;
  }
}
