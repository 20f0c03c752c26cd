import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { EnvironmentVariables } from '../../config/environment-variables';

export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

/** One shared connection for commands: readiness, the request limit, the WebSocket registry and its control messages' publishes. */
@Global()
@Module({
  providers: [
    {
      provide: REDIS_CLIENT,
      inject: [EnvironmentVariables],
      useFactory: (config: EnvironmentVariables) => {
        const logger = new Logger('Redis');
        // Auto-pipelining sends the commands of one event-loop turn (say, many requests' rate-limit counts) in one write.
        const client = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true, enableAutoPipelining: true });
        // Without a listener ioredis prints every reconnection failure as an unhandled error.
        client.on('error', (error) => logger.warn(`Redis connection problem: ${error.message}`));
        return client;
      },
    },
  ],
  exports: [REDIS_CLIENT],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
