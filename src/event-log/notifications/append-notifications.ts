import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Client } from 'pg';
import { ChannelSubscription } from '../../common/redis/channel-subscription';
import { FailOpen } from '../../common/redis/fail-open';
import { REDIS_CLIENT } from '../../common/redis/redis.module';
import { EnvironmentVariables } from '../../config/environment-variables';
import { DatabaseHosts } from '../../database/connection/database-hosts';
import { hostBoundClient } from '../../database/connection/host-bound-client';
import { APPENDS_CHANNEL } from '../event-log.constants';

/** Told the store and its last position after each committed append transaction. */
export type AppendListener = (eventStoreId: string, lastPosition: number) => void;

const RECONNECT_DELAY_MS = 1000;
/** Stores whose newest notified position is remembered, to hand each append to listeners once. */
const REMEMBERED_STORES = 10_000;

/**
 * The receiving side of append_batch's NOTIFY (`<storeId>:<lastPosition>` on APPENDS_CHANNEL, on
 * commit): one LISTEN connection per process, whatever the number of stores and listeners, opened
 * only if something listens (the WebSocket feeds do; the worker does not). Only a wake-up: a lost
 * notification (say, while reconnecting) must be made good by the listener's own poll.
 *
 * The same notice also travels through Redis (`<REDIS_PREFIX>:appends`), published by the API
 * instance that committed the append (announce): on Citus, append_batch runs on the store's worker,
 * whose NOTIFY never reaches a LISTEN on the coordinator (docs/citus.md). Both channels are heard
 * everywhere; whichever brings a store's position first wakes the listeners, and the other is dropped.
 */
@Injectable()
export class AppendNotifications implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AppendNotifications.name);
  private client?: Client;
  private reconnectTimer?: NodeJS.Timeout;
  private stopped = false;
  private readonly listeners: AppendListener[] = [];
  private readonly redisChannel: string;
  private readonly redisSubscription: ChannelSubscription;
  private readonly failOpen = new FailOpen(new Logger(AppendNotifications.name), 'Appends not announced through Redis');
  /** Per store, the newest position handed to listeners. */
  private readonly notified = new LRUCache<string, number>({ max: REMEMBERED_STORES });
  private readonly ListenClient: typeof Client;

  /** The LISTEN connection goes where writes go (DatabaseHosts): on plain PostgreSQL, NOTIFY is sent on commit by the host that commits. */
  constructor(
    config: EnvironmentVariables,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    hosts: DatabaseHosts,
  ) {
    this.ListenClient = hostBoundClient(hosts, this.logger);
    this.redisChannel = `${config.REDIS_PREFIX}:appends`;
    // A notice lost while the subscription is down is made good by the listeners' poll, as for LISTEN.
    const heard = { message: (text: string) => this.onAppend(text), interrupted: () => undefined };
    this.redisSubscription = new ChannelSubscription(redis, this.redisChannel, heard, 'Appends committed on other nodes not heard');
  }

  /** Listeners register while the application is built; the connection opens when it is bootstrapped. */
  listen(listener: AppendListener): void {
    this.listeners.push(listener);
  }

  /** Tells every instance's listeners, through Redis, that the store's events up to `lastPosition` are committed. */
  announce(eventStoreId: string, lastPosition: number): void {
    void this.failOpen.call(() => this.redis.publish(this.redisChannel, `${eventStoreId}:${lastPosition}`));
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.listeners.length === 0) return;
    this.redisSubscription.start();
    await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    await Promise.all([this.client?.end().catch(() => undefined), this.redisSubscription.stop()]);
  }

  private async connect(): Promise<void> {
    const client = new this.ListenClient({ application_name: 'event-store-live-feed' });
    client.on('notification', ({ payload }) => this.onAppend(payload));
    client.on('error', (error) => this.reconnect(client, error));
    client.on('end', () => this.reconnect(client));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${APPENDS_CHANNEL}`);
    } catch (error) {
      this.reconnect(client, error as Error);
    }
  }

  private onAppend(payload: string | undefined): void {
    const separator = payload?.lastIndexOf(':') ?? -1;
    if (!payload || separator < 0) return;
    const eventStoreId = payload.slice(0, separator);
    const lastPosition = Number(payload.slice(separator + 1));
    // The same notice comes twice (NOTIFY and Redis), and either may come late: only news is passed on. After a
    // store's history was rolled back (a failover, a restore), its positions below the old high mark are news the
    // feed learns from its own poll of the store (StoreFeed.poll), a second at most.
    if (!Number.isSafeInteger(lastPosition) || lastPosition <= (this.notified.get(eventStoreId) ?? 0)) return;
    this.notified.set(eventStoreId, lastPosition);
    for (const listener of this.listeners) listener(eventStoreId, lastPosition);
  }

  private reconnect(client: Client, error?: Error): void {
    if (this.stopped || client !== this.client) return;
    this.client = undefined;
    this.logger.warn(`Append notifications lost (${error?.message ?? 'connection ended'}); reconnecting in ${RECONNECT_DELAY_MS} ms`);
    client.end().catch(() => undefined);
    this.reconnectTimer = setTimeout(() => void this.connect(), RECONNECT_DELAY_MS);
  }
}
