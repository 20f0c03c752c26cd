import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { TEST_ADMIN_TOKEN, TEST_JWT_SECRET } from './test-app';
import { redisPrefixFor, testEnvironment } from './test-environment';

// The suites that start services take their ports from here; the PostgreSQL harness imports free-port alone.
export { freePort } from './free-port';

const ROOT = join(__dirname, '..', '..');

/** A built entry point (`dist/main.js`, `dist/worker.js`) running as a real child process. */
export class ServiceProcess {
  private output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(readonly child: ChildProcess) {
    child.stdout?.on('data', (chunk) => (this.output += chunk));
    child.stderr?.on('data', (chunk) => (this.output += chunk));
    this.exited = once(child, 'exit').then(([code, signal]) => ({ code, signal }));
  }

  /** Starts `node <script>` with exactly the given environment (plus PATH), nothing inherited. */
  static start(script: string, env: Record<string, string>): ServiceProcess {
    return new ServiceProcess(spawn(process.execPath, [script], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env } }));
  }

  /**
   * The built API with what every test gives it (the run's Redis, its database's prefix, the test tokens, info
   * logs, and one process: WEB_CONCURRENCY=1, whatever the machine's CPUs); `env` adds the rest
   * (DATABASE_URL and PORT at least) and wins over those, WEB_CONCURRENCY included.
   */
  static startApi(env: Record<string, string>): ServiceProcess {
    return ServiceProcess.start('dist/main.js', {
      REDIS_URL: testEnvironment.redisUrl,
      REDIS_PREFIX: redisPrefixFor(env.DATABASE_URL),
      JWT_SECRET: TEST_JWT_SECRET,
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      LOG_LEVEL: 'info',
      WEB_CONCURRENCY: '1',
      ...env,
    });
  }

  get log(): string {
    return this.output;
  }

  async waitForOutput(pattern: RegExp, timeoutMs = 20000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(this.output)) {
      if (this.child.exitCode !== null) throw new Error(`exited before printing ${pattern}:\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`no ${pattern} within ${timeoutMs} ms:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM') {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }
}
