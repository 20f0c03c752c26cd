import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS_CLIENT } from '../../common/redis/redis.module';
import { EnvironmentVariables } from '../../config/environment-variables';
import { CLOSE_NORMAL } from '../websocket.constants';
import { ClientConnections } from './client-connections';

/** What one instance asks of every instance's sockets. */
export type ControlCommand =
  | { kind: 'close-client'; eventStoreId: string; clientId: string; reason: string }
  | { kind: 'end-subscription'; eventStoreId: string; subscriptionId: string };

/**
 * Commands to the sockets of every API instance, over Redis pub/sub (channel `<REDIS_PREFIX>:ws:control`).
 * Each instance carries out what concerns its own sockets, the sender's included.
 */
@Injectable()
export class ConnectionControl implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ConnectionControl.name);
  private readonly channel: string;
  private subscriber?: Redis;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    config: EnvironmentVariables,
    private readonly connections: ClientConnections,
  ) {
    this.channel = `${config.REDIS_PREFIX}:ws:control`;
  }

  onApplicationBootstrap(): void {
    // Subscribed again on every (re)connection rather than by ioredis's own resubscription, which
    // only repeats a SUBSCRIBE that once succeeded.
    const subscriber = this.redis.duplicate({ autoResubscribe: false });
    subscriber.on('ready', () =>
      subscriber.subscribe(this.channel).catch((error: Error) => this.logger.warn(`Cannot subscribe to ${this.channel}: ${error.message}`)),
    );
    subscriber.on('error', (error: Error) => this.logger.warn(`Control channel connection problem: ${error.message}`));
    subscriber.on('message', (_channel: string, message: string) => this.carryOut(JSON.parse(message) as ControlCommand));
    this.subscriber = subscriber;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }

  async publish(command: ControlCommand): Promise<void> {
    await this.redis.publish(this.channel, JSON.stringify(command));
  }

  private carryOut(command: ControlCommand): void {
    switch (command.kind) {
      case 'close-client':
        this.connections.closeWhere(
          ({ session }) => session.eventStoreId === command.eventStoreId && session.clientId === command.clientId,
          CLOSE_NORMAL,
          command.reason,
        );
        return;
      case 'end-subscription':
        this.connections.endSubscription(command.eventStoreId, command.subscriptionId);
        return;
    }
  }
}
