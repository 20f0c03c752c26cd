import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EnvironmentVariables } from '../config/environment-variables';
import { dataSourceOptions } from './data-source-options';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [EnvironmentVariables],
      useFactory: (config: EnvironmentVariables) => ({
        ...dataSourceOptions(config.DATABASE_URL),
        autoLoadEntities: true,
      }),
    }),
  ],
})
export class DatabaseModule {}
