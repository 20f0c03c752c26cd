import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ChannelSubscription } from '../../common/redis/channel-subscription';
import { REDIS_CLIENT } from '../../common/redis/redis.module';
import type { RedisClient } from '../../common/redis/redis-topology';
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
  private readonly subscription: ChannelSubscription;

  constructor(
    @Inject(REDIS_CLIENT) redis: RedisClient,
    config: EnvironmentVariables,
    private readonly connections: ClientConnections,
  ) {
    // A command missed while the subscription is down is lost, as a publish to nobody is: the
    // once-a-second audit still closes the sockets of revoked keys and deleted stores.
    const listener = { message: (text: string) => this.carryOut(JSON.parse(text) as ControlCommand), interrupted: () => undefined };
    this.subscription = new ChannelSubscription(
      redis,
      `${config.REDIS_PREFIX}:ws:control`,
      listener,
      'WebSocket control commands not heard',
    );
  }

  onApplicationBootstrap(): void {
    this.subscription.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription.stop();
  }

  async publish(command: ControlCommand): Promise<void> {
    await this.subscription.publish(JSON.stringify(command));
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
