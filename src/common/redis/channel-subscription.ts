import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { FailOpen } from './fail-open';

/** What a subscription hands to its owner. */
export interface ChannelListener {
  /** A message published on the channel. */
  message(text: string): void;
  /** The subscription is lost: messages published from now until it is made again are missed. */
  interrupted(): void;
}

/**
 * One Redis pub/sub channel heard on a connection of its own, and what an owner needs to rely on
 * having heard it. Redis delivers a message to every connection subscribed when PUBLISH runs, in
 * order with the replies on that connection; so a PING sent on the subscribed connection and
 * answered proves that every message published before the PING reached Redis has been handed to
 * `message` (see caughtUp). That holds on one Redis server, which publishers and subscribers share
 * through REDIS_URL; it would not across the nodes of a Redis Cluster, where PUBLISH is relayed later.
 */
export class ChannelSubscription {
  private readonly logger: Logger;
  private readonly failOpen: FailOpen;
  private connection?: Redis;
  /** Counts subscriptions made and lost: a PING answered within one session speaks for that session only. */
  private session = 0;
  private subscribed = false;
  /** Counts every message and every session change: while it stays the same, nothing was heard or missed. */
  private changes = 0;
  /** The PING the callers of this event-loop turn share, not sent yet. */
  private nextCheck?: Promise<boolean>;

  constructor(
    private readonly redis: Redis,
    private readonly channel: string,
    private readonly listener: ChannelListener,
    /** What goes without the channel, for warnings: "API key cache bypassed". */
    consequence: string,
  ) {
    this.logger = new Logger(`Channel ${channel}`);
    this.failOpen = new FailOpen(this.logger, consequence);
  }

  start(): void {
    // No offline queue: a PING must travel on the subscribed connection or fail, never wait for the next one.
    // Subscribed again on every (re)connection rather than by ioredis's own resubscription, which only
    // repeats a SUBSCRIBE that once succeeded.
    const connection = this.redis.duplicate({ autoResubscribe: false, enableOfflineQueue: false, enableAutoPipelining: false });
    connection.on('ready', () => void this.subscribe(connection));
    connection.on('close', () => this.lose());
    connection.on('error', (error: Error) => this.logger.warn(`Connection problem: ${error.message}`));
    connection.on('message', (_channel: string, text: string) => this.hear(text));
    this.connection = connection;
  }

  async stop(): Promise<void> {
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }

  /**
   * A value that stays the same while no message arrives and the subscription holds, undefined
   * while there is none: what was learnt between two equal marks missed nothing from the channel.
   */
  mark(): number | undefined {
    return this.subscribed ? this.changes : undefined;
  }

  /**
   * True once every message published before this call has been handed to `message`; false when
   * that cannot be known (not subscribed, the subscription lost meanwhile, Redis not answering
   * within FailOpen's limit). Callers of one event-loop turn share one PING, sent after all of them.
   */
  caughtUp(): Promise<boolean> {
    if (!this.subscribed) return Promise.resolve(false);
    this.nextCheck ??= new Promise((resolve) =>
      setImmediate(() => {
        this.nextCheck = undefined;
        resolve(this.ping());
      }),
    );
    return this.nextCheck;
  }

  private async ping(): Promise<boolean> {
    const { connection, session } = this;
    if (!this.subscribed || !connection) return false;
    const answered = await this.failOpen.call(() => connection.ping());
    return answered !== undefined && this.subscribed && this.session === session;
  }

  private async subscribe(connection: Redis): Promise<void> {
    const session = this.session;
    try {
      await connection.subscribe(this.channel);
    } catch (error) {
      this.logger.warn(`Cannot subscribe: ${(error as Error).message}`);
      return;
    }
    // A connection lost while SUBSCRIBE was under way has its own 'ready' and SUBSCRIBE to come.
    if (this.session !== session) return;
    this.session += 1;
    this.changes += 1;
    this.subscribed = true;
  }

  private lose(): void {
    this.session += 1;
    this.changes += 1;
    if (!this.subscribed) return;
    this.subscribed = false;
    this.listener.interrupted();
  }

  private hear(text: string): void {
    this.changes += 1;
    this.listener.message(text);
  }
}
