import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '..');

/** Files whose role is to handle, guard, cache, audit or measure: they call a table's owner (`*.repository.ts`) and never speak SQL themselves. */
const CALLERS = /(\.handler|\.controller|\.guard|\.strategy|\.cache|-resolver|-authenticator|-audit|-metrics)\.ts$/;

/** A statement, a query builder, or an entity's TypeORM repository: what only an owner uses. */
const DATA_ACCESS = [/\.query\(/, /createQueryBuilder\(/, /@InjectRepository\(/, /\bgetRepository\(/];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [file] : [];
  });
}

/** What would take a connection without saying for whom: the DataSource, or an entity's TypeORM repository, injected. */
const UNATTRIBUTED = [
  /@InjectDataSource\(/,
  /@InjectRepository\(/,
  /@InjectEntityManager\(/,
  /@InjectConnection\(/,
  /getDataSourceToken\(/,
  /getEntityManagerToken\(/,
  /\bgetRepository\(/,
  /\.get\(DataSource\)/,
];

describe('data access', () => {
  it('handlers, controllers, guards, caches, the audit and the gauges reach tables only through their owner repository', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => CALLERS.test(file))
      .filter((file) => DATA_ACCESS.some((pattern) => pattern.test(readFileSync(file, 'utf8'))))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });

  it('outside the database module, takes every connection through TenantDatabase, which says whose share it counts against', () => {
    // The CLI serves one operator and shares no pool among tenants: it may ask its DataSource about migrations.
    const exempt = ['database', 'cli'].map((folder) => path.join(SRC, folder) + path.sep);
    const offenders = sourceFiles(SRC)
      .filter((file) => !exempt.some((folder) => file.startsWith(folder)))
      .filter((file) => UNATTRIBUTED.some((pattern) => pattern.test(readFileSync(file, 'utf8'))))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });

  it('keeps no AsyncLocalStorage: on Node 20 one makes V8 run a hook on every promise of every request', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => /new AsyncLocalStorage|from '(node:)?async_hooks'/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});
