import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { EnvironmentVariables } from '../../config/environment-variables';
import { RepeatedWarning } from '../logging/repeated-warning';
import { RedisClient, RedisTopology } from './redis-topology';

export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

/**
 * The topology the settings name, and one shared client for commands: readiness, the request limit,
 * the WebSocket registry and the channels' publishes. Pub/sub listeners and BullMQ open their own.
 */
@Global()
@Module({
  providers: [
    { provide: RedisTopology, inject: [EnvironmentVariables], useFactory: (config: EnvironmentVariables) => new RedisTopology(config) },
    {
      provide: REDIS_CLIENT,
      inject: [RedisTopology],
      useFactory: (topology: RedisTopology) => {
        // Auto-pipelining sends the commands of one event-loop turn (say, many requests' rate-limit counts) in one write.
        const client = topology.connect({ maxRetriesPerRequest: 2, enableOfflineQueue: true, enableAutoPipelining: true });
        // Without a listener ioredis prints every reconnection failure as an unhandled error.
        const problems = new RepeatedWarning(new Logger('Redis'));
        client.on('error', (error: Error) => problems.warn(`Redis connection problem: ${error.message}`));
        return client;
      },
    },
  ],
  exports: [RedisTopology, REDIS_CLIENT],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: RedisClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
