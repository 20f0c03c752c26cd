import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';

/** Says when a process begins and ends its graceful shutdown, so operators (and tests) can tell it completed. */
@Injectable()
export class LifecycleLogger implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Lifecycle');

  beforeApplicationShutdown(signal?: string): void {
    this.logger.log(`Shutting down${signal ? ` on ${signal}` : ''}`);
  }

  onApplicationShutdown(): void {
    this.logger.log('Shutdown complete');
  }
}
