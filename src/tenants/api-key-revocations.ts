import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ChannelListener, ChannelSubscription } from '../common/redis/channel-subscription';
import { FailOpen } from '../common/redis/fail-open';
import { REDIS_CLIENT } from '../common/redis/redis.module';
import type { RedisClient } from '../common/redis/redis-topology';
import { EnvironmentVariables } from '../config/environment-variables';

/** What this instance does with the revocations it hears. */
export interface RevocationListener {
  revoked(apiKeyId: string): void;
  /** Revocations may have been missed (the subscription was lost, or a message could not be read). */
  interrupted(): void;
}

/**
 * Revocations told to every API instance at once, over Redis pub/sub (channel
 * `<REDIS_PREFIX>:auth:revocations`), whoever revoked: an instance's `DELETE /admin/api-keys/{id}`
 * or the CLI. ApiKeyAuthenticator trusts its cache only as far as this channel vouches for it.
 */
@Injectable()
export class ApiKeyRevocations implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly failOpen = new FailOpen(new Logger(ApiKeyRevocations.name), 'Revocations announced by waiting out the key cache');
  private readonly subscription: ChannelSubscription;
  private listener?: RevocationListener;

  constructor(@Inject(REDIS_CLIENT) redis: RedisClient, config: EnvironmentVariables) {
    const onChannel: ChannelListener = { message: (text) => this.hear(text), interrupted: () => this.listener?.interrupted() };
    const channel = `${config.REDIS_PREFIX}:auth:revocations`;
    this.subscription = new ChannelSubscription(redis, channel, onChannel, 'API key cache bypassed');
  }

  onApplicationBootstrap(): void {
    this.subscription.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription.stop();
  }

  listen(listener: RevocationListener): void {
    this.listener = listener;
  }

  /**
   * True once every instance subscribed hears the news before it next trusts a remembered key
   * (ChannelSubscription.heardWherever: VOUCH_MS after Redis took it); false when it could not be published.
   */
  async announce(apiKeyId: string): Promise<boolean> {
    const message = JSON.stringify({ apiKeyId });
    if ((await this.failOpen.call(() => this.subscription.publish(message))) === undefined) return false;
    await this.subscription.heardWherever();
    return true;
  }

  /** See ChannelSubscription.caughtUp: every revocation announced before this call has been heard here. */
  caughtUp(): boolean | Promise<boolean> {
    return this.subscription.caughtUp();
  }

  /** See ChannelSubscription.mark: equal marks mean no revocation was heard, or could have been missed, between them. */
  mark(): number | undefined {
    return this.subscription.mark();
  }

  private hear(text: string): void {
    const apiKeyId = parseAnnouncement(text);
    // A message this version cannot read may still be a revocation: forget every key rather than none.
    if (apiKeyId === undefined) this.listener?.interrupted();
    else this.listener?.revoked(apiKeyId);
  }
}

function parseAnnouncement(text: string): string | undefined {
  try {
    const { apiKeyId } = JSON.parse(text) as { apiKeyId?: unknown };
    return typeof apiKeyId === 'string' ? apiKeyId : undefined;
  } catch {
    return undefined;
  }
}
