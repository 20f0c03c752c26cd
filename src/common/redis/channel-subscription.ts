import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { RepeatedWarning } from '../logging/repeated-warning';
import { waitUntilPast } from '../monotonic-wait';
import { ChannelEndpoint } from './channel-endpoint';
import { FailOpen } from './fail-open';
import { reconnectDelay, RedisClient } from './redis-topology';

/** What a subscription hands to its owner. */
export interface ChannelListener {
  /** A message published on the channel. */
  message(text: string): void;
  /** The subscription is lost: messages published from now until it is made again are missed. */
  interrupted(): void;
}

/**
 * How often a listener checks its subscription when nobody asks (see start): a server may end it
 * without closing the connection, and a listener nobody pings would never notice.
 */
const CHECK_INTERVAL_MS = 1000;

/**
 * How long a publisher waits after Redis took its message (heardWherever), and, less CLOCK_MARGIN_MS,
 * how long an answered PING vouches for the subscription from when it was sent (see caughtUp): a PING
 * that vouches for a check was sent after every message waited for before the check, and came back
 * behind it.
 */
export const VOUCH_MS = 150;
/**
 * What a listener leaves of VOUCH_MS for the publisher's clock and its own to disagree by: two hosts'
 * clocks run at rates that differ by far less than this over VOUCH_MS.
 */
const CLOCK_MARGIN_MS = 20;
/** A check this long after the vouching PING was sent sends the next one, so that a busy listener never waits for one. */
const REVOUCH_AFTER_MS = 50;

/**
 * One Redis pub/sub channel heard on a connection of its own, and what an owner needs to rely on
 * having heard it. Redis delivers a message to every connection subscribed when it is published, in
 * order with the replies on that connection; so a PING sent on the subscribed connection and answered
 * proves that every message published before the PING reached Redis has been handed to `message` (see
 * caughtUp). That holds where the publisher and the listener meet on one server, which ChannelEndpoint
 * arranges on each topology (on a Cluster, the master serving the channel's slot).
 *
 * A PING answered vouches for a little less than VOUCH_MS after it was sent, and a publisher waits
 * VOUCH_MS after Redis took its message (heardWherever): a busy listener checks against the last
 * PING instead of sending one per turn of its event loop (each a write that wakes Redis, a tenth of
 * the API's CPU per single-event append with the request count's), and sends the next in the
 * background while the last still vouches.
 */
export class ChannelSubscription {
  private readonly logger: Logger;
  private readonly failOpen: FailOpen;
  private readonly problems: RepeatedWarning;
  private readonly endpoint: ChannelEndpoint;
  private connection?: Redis;
  private stopped = false;
  /** Connections opened since the channel was last subscribed: the next one waits reconnectDelay(attempts). */
  private attempts = 0;
  private reopening?: NodeJS.Timeout;
  private checking?: NodeJS.Timeout;
  /** Counts subscriptions made and lost: a PING answered within one session speaks for that session only. */
  private session = 0;
  private subscribed = false;
  /** Counts every message and every session change: while it stays the same, nothing was heard or missed. */
  private changes = 0;
  /** The PING the callers of this event-loop turn share, not sent yet. */
  private nextCheck?: Promise<boolean>;
  /** When (performance.now(), and Date.now()) the last PING answered in this subscription's session was sent. */
  private vouchedAt = -Infinity;
  private vouchedAtWall = -Infinity;
  /** A PING sent while the last one still vouches, not answered yet. */
  private revouching = false;

  constructor(
    redis: RedisClient,
    channel: string,
    private readonly listener: ChannelListener,
    /** What goes without the channel, for warnings: "API key cache bypassed". */
    consequence: string,
  ) {
    this.logger = new Logger(`Channel ${channel}`);
    this.failOpen = new FailOpen(this.logger, consequence);
    this.problems = new RepeatedWarning(this.logger);
    this.endpoint = new ChannelEndpoint(redis, channel);
  }

  start(): void {
    void this.open();
    // A Cluster node whose slot moved away ends its listeners' subscriptions and keeps their connections.
    this.checking = setInterval(() => void this.checkAfterTurn(), CHECK_INTERVAL_MS).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reopening);
    clearInterval(this.checking);
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }

  /** Publishes on the channel; resolves once Redis has taken the message for every listener subscribed. */
  publish(message: string): Promise<number> {
    return this.endpoint.publish(message);
  }

  /**
   * What a publisher waits for once Redis has taken its message (publish resolved), before it tells
   * anyone the message is out: from then on, every listener subscribed hears it before its caughtUp
   * next says true. VOUCH_MS on this process's clock, as each listener reads VOUCH_MS off its own.
   */
  heardWherever(): Promise<void> {
    return waitUntilPast(performance.now() + VOUCH_MS);
  }

  /**
   * A value that stays the same while no message arrives and the subscription holds, undefined
   * while there is none: what was learnt between two equal marks missed nothing from the channel.
   */
  mark(): number | undefined {
    return this.subscribed ? this.changes : undefined;
  }

  /**
   * True once every message published before this call, and waited for (heardWherever), has been
   * handed to `message`; false when that cannot be known (not subscribed, the subscription lost
   * meanwhile, Redis not answering within FailOpen's limit). At once while a PING sent within VOUCH_MS less
   * CLOCK_MARGIN_MS has been answered on a connection that still serves the channel; otherwise the
   * callers of one event-loop turn share one PING, sent after all of them.
   */
  caughtUp(): boolean | Promise<boolean> {
    if (!this.subscribed) return false;
    const age = performance.now() - this.vouchedAt;
    // The wall clock too: the monotonic one may stand still while the host or VM is suspended, when
    // revocations may come in unheard; a wall clock set back leaves the monotonic one to decide.
    const stale = Math.max(age, Date.now() - this.vouchedAtWall) > VOUCH_MS - CLOCK_MARGIN_MS;
    if (stale || !this.connection || !this.endpoint.serves(this.connection)) return this.checkAfterTurn();
    if (age > REVOUCH_AFTER_MS && !this.revouching) {
      this.revouching = true;
      void this.ping().finally(() => (this.revouching = false));
    }
    return true;
  }

  private checkAfterTurn(): Promise<boolean> {
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
    if (!this.endpoint.serves(connection)) return this.drop(connection, 'the channel moved to another master');
    // Read before the PING goes out: the PING reaches Redis after this instant, whatever the queue.
    const sentAt = performance.now();
    const sentAtWall = Date.now();
    const answer: unknown = await this.failOpen.call(() => connection.ping());
    if (answer === undefined) return false;
    // A subscribed connection answers ["pong", ""]. A plain PONG (or a stray reply) means the server ended
    // the subscription on its own, as a Cluster node does when the channel's slot leaves it.
    if (!Array.isArray(answer) || answer[0] !== 'pong') return this.drop(connection, 'the server ended the subscription');
    if (!this.subscribed || this.session !== session) return false;
    if (sentAt > this.vouchedAt) [this.vouchedAt, this.vouchedAtWall] = [sentAt, sentAtWall];
    return true;
  }

  /** Opens the next connection and subscribes on it once it is ready; closed, it is replaced after a delay. */
  private async open(): Promise<void> {
    if (this.stopped) return;
    const connection = await this.endpoint.connect().catch((error: Error) => {
      this.problems.warn(`Cannot reach Redis to subscribe: ${error.message}`);
      return undefined;
    });
    if (!connection) return this.reopenLater();
    connection.on('ready', () => void this.subscribe(connection));
    connection.on('close', () => this.lose());
    connection.on('end', () => this.reopenLater());
    // ioredis's sign that a Cluster node refused SSUBSCRIBE for a slot it does not serve.
    connection.on('moved', () => connection.disconnect());
    connection.on('error', (error: Error) => this.problems.warn(`Connection problem: ${error.message}`));
    connection.on(this.endpoint.messageEvent, (_channel: string, text: string) => this.hear(text));
    this.connection = connection;
    if (this.stopped) connection.disconnect();
  }

  private reopenLater(): void {
    if (this.stopped) return;
    this.attempts += 1;
    this.endpoint.lost();
    this.reopening = setTimeout(() => void this.open(), reconnectDelay(this.attempts));
  }

  private async subscribe(connection: Redis): Promise<void> {
    const session = this.session;
    try {
      await this.endpoint.subscribe(connection);
    } catch (error) {
      this.drop(connection, `cannot subscribe: ${(error as Error).message}`);
      return;
    }
    // A connection lost while SUBSCRIBE was under way is replaced, and subscribes on its own.
    if (this.session !== session) return;
    this.attempts = 0;
    this.session += 1;
    this.changes += 1;
    this.subscribed = true;
  }

  /** Closes a connection that cannot serve the channel: the next one is opened as after any loss. */
  private drop(connection: Redis, reason: string): false {
    this.problems.warn(`Subscribing again: ${reason}`);
    // Lost already, though the connection's close is yet to come (lose).
    this.vouchedAt = -Infinity;
    connection.disconnect();
    return false;
  }

  private lose(): void {
    this.session += 1;
    this.changes += 1;
    this.vouchedAt = -Infinity;
    if (!this.subscribed) return;
    this.subscribed = false;
    this.listener.interrupted();
  }

  private hear(text: string): void {
    this.changes += 1;
    this.listener.message(text);
  }
}
