import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Redis from 'ioredis';
import { waitFor } from './wait-for';

/** Lines of a redis.conf: `['port', 7001]`, `['sentinel', 'monitor', 'main', '127.0.0.1', 7000, 2]`. */
export type ConfigLine = (string | number)[];

/**
 * One redis-server (or Sentinel) process of the machine's `redis-server`, on 127.0.0.1, with its
 * configuration file, log and data in `dir`. Stopped by its PID, and only the process it started.
 */
export class RedisProcess {
  private child?: ChildProcess;

  constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly options: { password?: string; sentinel?: boolean },
    config: ConfigLine[],
  ) {
    const lines: ConfigLine[] = [
      ['port', port],
      ['bind', '127.0.0.1'],
      ['dir', dir],
      ['logfile', this.logFile],
      // Nothing to keep: a restarted server starts empty, as after a crash without persistence.
      ['save', '""'],
      ['appendonly', 'no'],
      // The title names this file, by which the harness's watchdog finds the process should the test process die.
      ['proc-title-template', '"{title} {listen-addr} {server-mode} {config-file}"'],
      ...config,
    ];
    // Written once: Sentinels (and servers Sentinels reconfigure) rewrite their own file as they go.
    writeFileSync(this.configFile, lines.map((line) => line.join(' ')).join('\n') + '\n');
  }

  get configFile(): string {
    return join(this.dir, `${this.options.sentinel ? 'sentinel' : 'redis'}-${this.port}.conf`);
  }

  get logFile(): string {
    return join(this.dir, `${this.options.sentinel ? 'sentinel' : 'redis'}-${this.port}.log`);
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.isRunning ? this.child?.pid : undefined;
  }

  get isRunning(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process and resolves once it answers PING. */
  async start(): Promise<void> {
    // A second process on the port would fail to bind while the first answered for it, and the first would be lost track of.
    if (this.isRunning) throw new Error(`redis-server on port ${this.port} is already running`);
    const args = this.options.sentinel ? [this.configFile, '--sentinel'] : [this.configFile];
    const child = spawn('redis-server', args, { stdio: 'ignore' });
    this.child = child;
    await waitFor(() => this.answers(), { timeoutMs: 20_000, intervalMs: 50, what: `redis-server on port ${this.port} answering` });
  }

  /** SIGKILL, as a crash: resolves once the process has exited. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.isRunning) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGSTOP, as a host that hangs: the kernel still accepts connections on its port, and nothing answers them. */
  freeze(): void {
    if (this.isRunning) this.child!.kill('SIGSTOP');
  }

  /** SIGCONT: a frozen process goes on where it stopped. */
  thaw(): void {
    if (this.isRunning) this.child!.kill('SIGCONT');
  }

  /** A client of this server (or Sentinel), to be disconnected by the caller. */
  client(): Redis {
    return new Redis({ host: '127.0.0.1', port: this.port, password: this.options.password, lazyConnect: true, retryStrategy: () => null });
  }

  /** Runs `work` with a client of this server, then disconnects it. */
  async with<T>(work: (client: Redis) => Promise<T>): Promise<T> {
    const client = this.client();
    client.on('error', () => undefined);
    try {
      await client.connect();
      return await work(client);
    } finally {
      client.disconnect();
    }
  }

  private async answers(): Promise<boolean> {
    if (!this.isRunning) throw new Error(`redis-server on port ${this.port} exited; see ${this.logFile}`);
    return this.with(async (client) => (await client.ping()) === 'PONG').catch(() => false);
  }
}
