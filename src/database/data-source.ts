import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { readEnvironment } from '../config/validate-environment';
import { dataSourceOptions } from './data-source-options';

/** The data source the TypeORM CLI loads (compiled: dist/database/data-source.js; source: ormconfig.ts). */
export default new DataSource({
  ...dataSourceOptions(readEnvironment().DATABASE_URL),
  entities: [join(__dirname, '..', '**', '*.entity.{js,ts}')],
});
