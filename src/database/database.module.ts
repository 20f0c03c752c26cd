import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EnvironmentVariables } from '../config/environment-variables';
import { dataSourceOptions } from './data-source-options';

/** pg's own default, enough for the API, whose queries hold a connection only while they run. */
const DEFAULT_POOL_SIZE = 10;

@Module({})
export class DatabaseModule {
  /** `poolSize`: the worker needs one connection per delivery in flight, for its lock, plus a few for queries. */
  static forRoot({ poolSize = DEFAULT_POOL_SIZE }: { poolSize?: number } = {}): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [EnvironmentVariables],
          useFactory: (config: EnvironmentVariables) => ({
            ...dataSourceOptions(config.DATABASE_URL),
            poolSize,
            autoLoadEntities: true,
          }),
        }),
      ],
    };
  }
}
