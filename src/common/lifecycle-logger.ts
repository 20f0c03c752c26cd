import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { flushLogs } from './logging/json-logger';

/** Says when a process begins and ends its graceful shutdown, so operators (and tests) can tell it completed. */
@Injectable()
export class LifecycleLogger implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Lifecycle');

  beforeApplicationShutdown(signal?: string): void {
    this.logger.log(`Shutting down${signal ? ` on ${signal}` : ''}`);
  }

  async onApplicationShutdown(): Promise<void> {
    this.logger.log('Shutdown complete');
    await flushLogs();
  }
}
