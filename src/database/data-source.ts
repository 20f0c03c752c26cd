import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { readEnvironment } from '../config/validate-environment';
import { databaseHosts, dataSourceOptions } from './data-source-options';

/** The data source the TypeORM CLI loads (compiled: dist/database/data-source.js; source: ormconfig.ts). */
const config = readEnvironment();

export default new DataSource({
  ...dataSourceOptions(databaseHosts(config), config.DATABASE_IDLE_TIMEOUT_MS),
  entities: [join(__dirname, '..', '**', '*.entity.{js,ts}')],
});
