import { DynamicModule, Global, Module } from '@nestjs/common';
import { EnvironmentVariables } from './environment-variables';

/**
 * Makes the validated settings injectable as `EnvironmentVariables`. The value is built by the
 * entry point (API, worker, CLI, a test), never read from the environment at import time, so each
 * test file can boot the app against its own database.
 */
@Global()
@Module({})
export class AppConfigModule {
  static forRoot(config: EnvironmentVariables): DynamicModule {
    return {
      module: AppConfigModule,
      providers: [{ provide: EnvironmentVariables, useValue: config }],
      exports: [EnvironmentVariables],
    };
  }
}
