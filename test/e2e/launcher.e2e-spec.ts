import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../support/service-process';
import { testEnvironment } from '../support/test-environment';

/**
 * `npm start` end to end (DECISIONS §6, §11): the real launcher with embedded PostgreSQL, started
 * twice on the same data directory. Needs a built dist/ (npm test builds first) and a Redis.
 */
const ROOT = path.resolve(__dirname, '../..');
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;

interface Launcher {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
}

function startLauncher(env: NodeJS.ProcessEnv): Launcher {
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  // 'exit', not 'close': the API and worker share the launcher's pipes.
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

const running = (launcher: Launcher) => launcher.child.exitCode === null && launcher.child.signalCode === null;

/** Polls the readiness endpoint; fails early, with the launcher's output, if the launcher exits. */
async function waitUntilReady(launcher: Launcher, baseUrl: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!running(launcher)) throw new Error(`the launcher exited with ${launcher.child.exitCode}:\n${launcher.output()}`);
    const status = await fetch(`${baseUrl}/health/ready`).then((response) => response.status, () => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not ready after ${START_TIMEOUT_MS} ms:\n${launcher.output()}`);
}

/** Ctrl-C, as a developer would; SIGKILL only if it does not stop in time. Resolves to the exit code. */
async function stopLauncher(launcher: Launcher): Promise<number | null> {
  if (running(launcher)) {
    launcher.child.kill('SIGINT');
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS, 'timeout').unref());
    if ((await Promise.race([launcher.exited, timeout])) === 'timeout') launcher.child.kill('SIGKILL');
  }
  return launcher.exited;
}

describe('npm start (scripts/start.mjs)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'launcher-e2e-'));
  const postmasterPid = path.join(dataDir, 'postgres', 'postmaster.pid');
  let baseUrl: string;
  let env: NodeJS.ProcessEnv;
  let launcher: Launcher | undefined;
  let firstKey: string;

  beforeAll(async () => {
    // mkdtemp makes the directory 0700; as root, PostgreSQL runs as the postgres user and must reach it.
    chmodSync(dataDir, 0o755);
    const [port, postgresPort] = [await freePort(), await freePort()];
    baseUrl = `http://127.0.0.1:${port}`;
    const { DATABASE_URL, ADMIN_TOKEN, JWT_SECRET, ...inherited } = process.env;
    env = {
      ...inherited,
      DATA_DIR: dataDir,
      PORT: String(port),
      EMBEDDED_POSTGRES_PORT: String(postgresPort),
      REDIS_URL: testEnvironment.redisUrl,
      REDIS_PREFIX: `${testEnvironment.redisPrefix}-launcher`,
      LOG_LEVEL: 'warn',
    };
  });

  afterEach(async () => {
    if (launcher) await stopLauncher(launcher);
  }, STOP_TIMEOUT_MS + 5_000);

  afterAll(async () => {
    // A launcher that had to be killed leaves its PostgreSQL running.
    if (existsSync(postmasterPid)) {
      try {
        process.kill(Number(readFileSync(postmasterPid, 'utf8').split('\n')[0]), 'SIGINT');
      } catch {
        // already gone
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const authorized = (key: string, init: RequestInit = {}): RequestInit => ({
    ...init,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
  });

  it('starts PostgreSQL, prints a development key that works, and stops cleanly on Ctrl-C', async () => {
    launcher = startLauncher(env);
    await waitUntilReady(launcher, baseUrl);
    firstKey = readFileSync(path.join(dataDir, 'dev-api-key'), 'utf8').trim();
    expect(launcher.output()).toContain(firstKey);

    const created = await fetch(`${baseUrl}/event-stores`, authorized(firstKey, { method: 'POST', body: JSON.stringify({ name: 'launcher-check' }) }));
    expect(created.status).toBe(201);
    const listed = await fetch(`${baseUrl}/event-stores`, authorized(firstKey));
    expect(listed.status).toBe(200);
    const { eventStores } = (await listed.json()) as { eventStores: { name: string }[] };
    expect(eventStores.map((store) => store.name)).toContain('launcher-check');

    expect(await stopLauncher(launcher)).toBe(0);
    expect(existsSync(postmasterPid)).toBe(false);
  }, START_TIMEOUT_MS + STOP_TIMEOUT_MS);

  it('starts again on the same data directory with the same key and data', async () => {
    expect(firstKey).toBeDefined();
    launcher = startLauncher(env);
    await waitUntilReady(launcher, baseUrl);
    expect(readFileSync(path.join(dataDir, 'dev-api-key'), 'utf8').trim()).toBe(firstKey);
    expect(launcher.output()).toContain(firstKey);

    const store = await fetch(`${baseUrl}/event-stores/launcher-check`, authorized(firstKey));
    expect(store.status).toBe(200);

    expect(await stopLauncher(launcher)).toBe(0);
    expect(existsSync(postmasterPid)).toBe(false);
  }, START_TIMEOUT_MS + STOP_TIMEOUT_MS);
});
