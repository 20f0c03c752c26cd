import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import { EnvironmentVariables } from '../../config/environment-variables';
import { APPENDS_CHANNEL } from '../../event-log/event-log.constants';
import { StoreFeeds } from './store-feeds';

const RECONNECT_DELAY_MS = 1000;

/**
 * One LISTEN connection per API instance, whatever the number of stores and sockets: each
 * notification wakes the feed of its store, if this instance follows it. Only a wake-up: a lost
 * notification (say, while reconnecting) is made good by the audit's poll, at most a second later.
 */
@Injectable()
export class AppendNotifications implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AppendNotifications.name);
  private client?: Client;
  private reconnectTimer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly config: EnvironmentVariables,
    private readonly feeds: StoreFeeds,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.config.DATABASE_URL, application_name: 'event-store-live-feed' });
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
    this.feeds.wake(payload.slice(0, separator), Number(payload.slice(separator + 1)));
  }

  private reconnect(client: Client, error?: Error): void {
    if (this.stopped || client !== this.client) return;
    this.client = undefined;
    this.logger.warn(`Append notifications lost (${error?.message ?? 'connection ended'}); reconnecting in ${RECONNECT_DELAY_MS} ms`);
    client.end().catch(() => undefined);
    this.reconnectTimer = setTimeout(() => void this.connect(), RECONNECT_DELAY_MS);
  }
}
