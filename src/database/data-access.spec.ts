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

describe('data access', () => {
  it('handlers, controllers, guards, caches, the audit and the gauges reach tables only through their owner repository', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => CALLERS.test(file))
      .filter((file) => DATA_ACCESS.some((pattern) => pattern.test(readFileSync(file, 'utf8'))))
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});
