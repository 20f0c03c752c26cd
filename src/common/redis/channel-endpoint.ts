import Redis, { Cluster } from 'ioredis';
import type { RedisClient } from './redis-topology';

/**
 * A connection for listening only: no offline queue (a PING travels on it or fails, never waits for
 * the next connection), no resubscription and no reconnection of its own, since ChannelSubscription
 * subscribes on each new connection and opens the next one itself (on a Cluster, perhaps elsewhere).
 */
const LISTENER_OPTIONS = {
  autoResubscribe: false,
  enableOfflineQueue: false,
  enableAutoPipelining: false,
  retryStrategy: () => null,
  lazyConnect: false,
  readOnly: false,
};

/**
 * Where one channel is published and heard. On one server, or on the master that Sentinels name,
 * PUBLISH and SUBSCRIBE. On a Cluster, the channel's shard: SPUBLISH goes to the master that serves
 * the channel's slot, and the listener subscribes (SSUBSCRIBE) on a connection to that same master.
 * So on every topology a message and a PING on the listener's connection meet on one server, in
 * order, which is what ChannelSubscription.caughtUp relies on. (A plain PUBLISH on a Cluster is
 * relayed to the other nodes over the cluster bus after it has answered: a listener on another node
 * could hear it after a PING sent later.)
 */
export class ChannelEndpoint {
  private slot?: number;

  constructor(
    private readonly client: RedisClient,
    readonly channel: string,
  ) {}

  /** The event that carries a message on a listener's connection. */
  get messageEvent(): 'message' | 'smessage' {
    return this.client instanceof Cluster ? 'smessage' : 'message';
  }

  /** Resolves with the number of listeners that received the message (on a Cluster, on the slot's master). */
  async publish(message: string): Promise<number> {
    if (this.client instanceof Cluster) return Number(await this.client.spublish(this.channel, message));
    return this.client.publish(this.channel, message);
  }

  /** Subscribes on `connection`; on a Cluster, only if it still leads to a master (a demoted one would relay late). */
  async subscribe(connection: Redis): Promise<void> {
    if (!(this.client instanceof Cluster)) {
      await connection.subscribe(this.channel);
      return;
    }
    const [role] = (await connection.role()) as [string];
    if (role !== 'master') throw new Error(`${nodeKey(connection)} is no longer a master`);
    await connection.ssubscribe(this.channel);
  }

  /**
   * A new connection to listen on; undefined while it cannot be known where (a Cluster's slots not
   * known yet, or the master of the channel's slot not among its nodes): try again a little later.
   */
  async connect(): Promise<Redis | undefined> {
    if (!(this.client instanceof Cluster)) return this.client.duplicate(LISTENER_OPTIONS);
    this.slot ??= Number(await this.client.cluster('KEYSLOT', this.channel));
    const master = this.masterOf(this.client, this.slot);
    if (!master) this.client.refreshSlotsCache();
    return master?.duplicate(LISTENER_OPTIONS);
  }

  /** False once the Cluster's map names another master for the channel's slot: the listener must move there. */
  serves(connection: Redis): boolean {
    if (!(this.client instanceof Cluster) || this.slot === undefined) return true;
    return this.client.slots[this.slot]?.[0] === nodeKey(connection);
  }

  /** The connection went: on a Cluster, its master may have failed, so learn the slots again before the next one. */
  lost(): void {
    if (this.client instanceof Cluster) this.client.refreshSlotsCache();
  }

  private masterOf(cluster: Cluster, slot: number): Redis | undefined {
    const key = cluster.slots[slot]?.[0];
    return cluster.nodes('master').find((node) => nodeKey(node) === key);
  }
}

/** ioredis's name for a Cluster node: `host:port`, as in Cluster.slots. */
function nodeKey(node: Redis): string {
  return `${node.options.host}:${node.options.port}`;
}
