import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { ChannelSubscription } from '../../common/redis/channel-subscription';
import { FailOpen } from '../../common/redis/fail-open';
import { REDIS_CLIENT } from '../../common/redis/redis.module';
import { EnvironmentVariables } from '../../config/environment-variables';

export type ConsumerWakeListener = (eventStoreId: string, consumerId: string) => void;

/**
 * Tells every API instance that a consumer's work may have changed (an ack freed a stream, a client
 * left, a parked event was replayed): instances with clients of it claim again at once. Only a
 * wake-up: a lost one is made good by each instance's poll (CONSUMER_POLL_INTERVAL_MS).
 */
@Injectable()
export class ConsumerWakes implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly channel: string;
  private readonly subscription: ChannelSubscription;
  private readonly failOpen = new FailOpen(new Logger(ConsumerWakes.name), 'Consumer wake-ups not shared with other instances');
  private listener: ConsumerWakeListener = () => undefined;

  constructor(
    config: EnvironmentVariables,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {
    this.channel = `${config.REDIS_PREFIX}:consumer-wakes`;
    const heard = { message: (text: string) => this.heard(text), interrupted: () => undefined };
    this.subscription = new ChannelSubscription(redis, this.channel, heard, 'Consumer wake-ups from other instances not heard');
  }

  listen(listener: ConsumerWakeListener): void {
    this.listener = listener;
  }

  announce(eventStoreId: string, consumerId: string): void {
    void this.failOpen.call(() => this.redis.publish(this.channel, `${eventStoreId} ${consumerId}`));
  }

  onApplicationBootstrap(): void {
    this.subscription.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription.stop();
  }

  private heard(text: string): void {
    const [eventStoreId, consumerId] = text.split(' ');
    if (eventStoreId && consumerId) this.listener(eventStoreId, consumerId);
  }
}
