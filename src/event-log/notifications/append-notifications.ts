import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Client } from 'pg';
import { DatabaseHosts } from '../../database/connection/database-hosts';
import { hostBoundClient } from '../../database/connection/host-bound-client';
import { APPENDS_CHANNEL } from '../event-log.constants';

/** Told the store and its last position after each committed append transaction. */
export type AppendListener = (eventStoreId: string, lastPosition: number) => void;

const RECONNECT_DELAY_MS = 1000;

/**
 * The receiving side of append_batch's NOTIFY (`<storeId>:<lastPosition>` on APPENDS_CHANNEL, on
 * commit): one LISTEN connection per process, whatever the number of stores and listeners, opened
 * only if something listens (the WebSocket feeds do; the worker does not). Only a wake-up: a lost
 * notification (say, while reconnecting) must be made good by the listener's own poll.
 */
@Injectable()
export class AppendNotifications implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AppendNotifications.name);
  private client?: Client;
  private reconnectTimer?: NodeJS.Timeout;
  private stopped = false;
  private readonly listeners: AppendListener[] = [];

  private readonly ListenClient: typeof Client;

  /** The LISTEN connection goes where writes go: NOTIFY is sent on commit by the host that commits. */
  constructor(hosts: DatabaseHosts) {
    this.ListenClient = hostBoundClient(hosts, this.logger);
  }

  /** Listeners register while the application is built; the connection opens when it is bootstrapped. */
  listen(listener: AppendListener): void {
    this.listeners.push(listener);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.listeners.length > 0) await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    await this.client?.end().catch(() => undefined);
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
    for (const listener of this.listeners) listener(payload.slice(0, separator), Number(payload.slice(separator + 1)));
  }

  private reconnect(client: Client, error?: Error): void {
    if (this.stopped || client !== this.client) return;
    this.client = undefined;
    this.logger.warn(`Append notifications lost (${error?.message ?? 'connection ended'}); reconnecting in ${RECONNECT_DELAY_MS} ms`);
    client.end().catch(() => undefined);
    this.reconnectTimer = setTimeout(() => void this.connect(), RECONNECT_DELAY_MS);
  }
}
