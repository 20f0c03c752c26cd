import { Client } from 'pg';
import { cli } from '../support/cli-process';
import { cloneTestDatabase, TestDatabase } from '../support/test-database';

/**
 * `citus:distribute` against plain PostgreSQL (CI has no Citus): it refuses in one line and changes
 * nothing. Its run against a real cluster is described in docs/citus.md.
 */
describe('citus:distribute (dist/cli/main.js)', () => {
  let database: TestDatabase;
  let sql: Client;

  beforeAll(async () => {
    database = await cloneTestDatabase();
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql.end();
    await database.drop();
  });

  const schema = async () =>
    (
      await sql.query(
        `SELECT conrelid::regclass::text AS table, conname, pg_get_constraintdef(oid) AS definition
           FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`,
      )
    ).rows;

  it('refuses a database without the citus extension in one line, exit code 1, and changes nothing', async () => {
    const before = await schema();
    const { code, stdout, stderr } = await cli(database.url, 'citus:distribute');
    expect({ code, stdout, stderr }).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'This database has no citus extension: citus:distribute runs once against a Citus coordinator (CREATE EXTENSION citus; see docs/citus.md)\n',
    });
    expect(await schema()).toEqual(before);
    expect(before.length).toBeGreaterThan(0);
  });
});
