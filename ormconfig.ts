import { DataSource } from 'typeorm';
import { readEnvironment } from './src/config/validate-environment';
import { dataSourceOptions } from './src/database/data-source-options';

/** For the TypeORM CLI (`npm run migration:generate`); the service migrates through src/database/run-migrations.ts. */
export default new DataSource({
  ...dataSourceOptions(readEnvironment().DATABASE_URL),
  entities: ['src/**/*.entity.ts'],
});
