import Redis, { Cluster, RedisOptions, SentinelConnectionOptions, SentinelConnector } from 'ioredis';
import type { EnvironmentVariables } from '../../config/environment-variables';

/** A client of whichever topology the settings name: both kinds take the same commands. */
export type RedisClient = Redis | Cluster;

/** What each user of Redis decides about its own client. */
export interface ClientOptions {
  /** Reconnections a command waits through before it fails; null: it waits for Redis however long it takes. */
  maxRetriesPerRequest: number | null;
  /** Whether commands wait for a connection (true) or fail at once while there is none. */
  enableOfflineQueue: boolean;
  enableAutoPipelining?: boolean;
}

/**
 * Reconnection attempts: soon after a connection drops, then once a second for as long as Redis stays
 * away, so that the service is back within about a second of Redis (ioredis's own delays, and BullMQ's
 * up to 20 s, left deliveries waiting long after Redis answered again).
 */
export function reconnectDelay(attempt: number): number {
  return Math.min(attempt * 100, 1000);
}

/**
 * A master demoted to a replica keeps its connections and refuses every write with READONLY. Dropping
 * the connection makes a Sentinel client ask the Sentinels for the master again, and a single-server
 * client resolve its host name again (a managed Redis whose endpoint moved to the new primary). The
 * command itself fails: its caller falls back, as for any Redis failure.
 */
function reconnectOnReadOnly(error: Error): boolean {
  return error.message.startsWith('READONLY');
}

/**
 * How long a Sentinel may take to accept a connection, then to answer where the master is, before the
 * next one is asked. A Sentinel answers at once; one that does not is on a host that is gone or hung,
 * and waiting on it (ioredis's defaults: 10 s to connect, no limit on the answer) stalls the failover.
 */
const SENTINEL_TIMEOUT_MS = 2000;

/**
 * ioredis's Sentinel connector, with its failover listener stopped whenever its connection has closed.
 * The listener (`failoverDetector`) otherwise outlives the connection it watches:
 * - when the master dies, the client connects again, and a `+switch-master` heard while it is still
 *   asking the Sentinels where the master is cuts that attempt off, which ends the client for good
 *   ("Connection is closed." to every command from then on);
 * - when the client is closed (`quit()`, which never tells the connector), its connections to the
 *   Sentinels stay open, and a process that ends when nothing is left to do, as the CLI does, never ends.
 * With no connection, the listener has nothing to drop, and the next attempt asks the Sentinels anyway;
 * the attempt that connects starts a new listener.
 */
class FailoverFollowingConnector extends SentinelConnector {
  /** ioredis hands a custom connector the client's whole options, of which the Sentinel ones are a part. */
  constructor(options: unknown) {
    super(options as SentinelConnectionOptions);
  }

  override async connect(eventEmitter: Parameters<SentinelConnector['connect']>[0]): ReturnType<SentinelConnector['connect']> {
    this.stopFollowing();
    const stream = await super.connect(eventEmitter);
    stream.once('close', () => this.stopFollowing());
    return stream;
  }

  /**
   * disconnect() is how ioredis stops the listener. It also ends the connection, and each of the
   * listener's connections to the Sentinels, with a timer (disconnectTimeout, 2 s) that destroys one
   * still open then and is cleared by its 'close'; on a connection already closed, nothing clears it,
   * and it holds a process that is ending for 2 s. So a closed connection is forgotten first, and a
   * stopped listener afterwards, so that the next attempt (and ioredis, once connected) does not stop
   * it again.
   */
  private stopFollowing(): void {
    if (this.stream?.destroyed) Object.assign(this, { stream: undefined });
    super.disconnect();
    Object.assign(this, { failoverDetector: null });
  }
}

/** How often a Cluster client reads the slot map again (refreshSlotsWhileOpen). */
const SLOTS_REFRESH_MS = 5000;

/**
 * Reads the Cluster's slot map every SLOTS_REFRESH_MS while the client is open: ioredis reads it
 * again only after a redirection or an error, and a master demoted under a listener
 * (ChannelEndpoint.serves) would go unnoticed. ioredis's own `slotsRefreshInterval` re-arms itself
 * when a refresh is under way as the client quits (the refresh's callback schedules the next round
 * whatever the client's state), so a process that ends when nothing is left to do, as the CLI does,
 * could run for ever; this timer never holds a process, and stops when the client ends.
 */
function refreshSlotsWhileOpen(cluster: Cluster): void {
  const timer = setInterval(() => cluster.refreshSlotsCache(), SLOTS_REFRESH_MS).unref();
  cluster.once('end', () => clearInterval(timer));
}

/**
 * The three ways to reach Redis (docs/redis.md): one server (REDIS_URL), a master that Sentinels watch
 * and replace (REDIS_SENTINELS), or a Cluster (REDIS_CLUSTER_NODES). ioredis does the work of each: asking
 * the Sentinels where the master is (again after a failover, which it learns from them at once), or
 * following a Cluster's slots. Everything else in the service sees one client.
 */
export class RedisTopology {
  constructor(private readonly config: EnvironmentVariables) {}

  connect({ maxRetriesPerRequest, enableOfflineQueue, enableAutoPipelining = false }: ClientOptions): RedisClient {
    const config = this.config;
    if (config.REDIS_CLUSTER_NODES) {
      const cluster = new Cluster(config.REDIS_CLUSTER_NODES, {
        clusterRetryStrategy: reconnectDelay,
        enableOfflineQueue,
        enableAutoPipelining,
        redisOptions: { password: config.REDIS_PASSWORD, maxRetriesPerRequest },
      });
      refreshSlotsWhileOpen(cluster);
      return cluster;
    }
    const options: RedisOptions = {
      retryStrategy: reconnectDelay,
      reconnectOnError: reconnectOnReadOnly,
      maxRetriesPerRequest,
      enableOfflineQueue,
      enableAutoPipelining,
    };
    if (config.REDIS_SENTINELS) {
      return new Redis({
        ...options,
        sentinels: config.REDIS_SENTINELS,
        name: config.REDIS_SENTINEL_MASTER,
        sentinelPassword: config.REDIS_SENTINEL_PASSWORD,
        password: config.REDIS_PASSWORD,
        // Hears a failover from the Sentinels and reconnects at once, even to a master that vanished without closing its connections.
        failoverDetector: true,
        // Copied by duplicate(), so BullMQ's own connections get it too.
        Connector: FailoverFollowingConnector,
        connectTimeout: SENTINEL_TIMEOUT_MS,
        sentinelCommandTimeout: SENTINEL_TIMEOUT_MS,
      });
    }
    return new Redis(config.REDIS_URL, options);
  }
}
