import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { RedisClient, RedisTopology } from '../../common/redis/redis-topology';

export const QUEUE_CONNECTION = Symbol('QUEUE_CONNECTION');

/**
 * BullMQ's connection, made from the topology the settings name (BullMQ builds a single server's or a
 * Sentinel client from options, but a Cluster only from a client given to it); its worker duplicates
 * it for the blocking fetch. Commands wait for Redis however long it is away (maxRetriesPerRequest
 * null, which BullMQ requires of a worker's connection), reconnecting within a second of its return.
 */
@Module({
  providers: [
    {
      provide: QUEUE_CONNECTION,
      inject: [RedisTopology],
      useFactory: (topology: RedisTopology) => {
        const connection = topology.connect({ maxRetriesPerRequest: null, enableOfflineQueue: true });
        // Reported by the queue and the worker, which listen on it once BullMQ has taken it; until then,
        // without a listener, ioredis would print every failed connection attempt as an unhandled error.
        connection.on('error', () => undefined);
        return connection;
      },
    },
  ],
  exports: [QUEUE_CONNECTION],
})
export class QueueConnectionModule implements OnApplicationShutdown {
  constructor(@Inject(QUEUE_CONNECTION) private readonly connection: RedisClient) {}

  /** BullMQ leaves a connection it was given open: closed here, after the worker (closed in onModuleDestroy). */
  async onApplicationShutdown(): Promise<void> {
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
