import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { freePort } from './free-port';
import { queryPostgres, QueryOptions } from './postgres-query';
import { killProcessesOf, processesOf, removeSharedMemoryOf, runAsPostgres, signalAll } from './postgres-processes';
import { waitFor } from './wait-for';

/** Generous: a loaded 2-core machine starts, stops and promotes PostgreSQL many times slower than a quiet one. */
const PG_CTL_SECONDS = 120;
const SETTLE_MS = 30_000;

/** Settings in postgresql.conf syntax; every value is written quoted, which PostgreSQL accepts for all types. */
export type PostgresSettings = Record<string, string | number>;

/** When `promote()` asked and when the node was seen accepting writes (epoch milliseconds). */
export interface Promotion {
  requestedAt: number;
  writableAt: number;
}

/**
 * One PostgreSQL server of the harness: its data directory, run as the `postgres` user on
 * 127.0.0.1:<port>. Every operation returns once its effect has been verified.
 */
export class PostgresNode {
  private settings: PostgresSettings = {};
  private hasRun = false;

  /**
   * `home` (the pair's directory) holds the node's log and socket; `settings` go to `node.conf` in
   * the data directory, which the harness's postgresql.conf includes last.
   */
  constructor(
    readonly name: string,
    readonly dataDir: string,
    private readonly home: string,
    readonly database: string,
    private currentPort: number,
    settings: PostgresSettings = {},
  ) {
    this.writeSettings(settings);
  }

  get port(): number {
    return this.currentPort;
  }

  /** `postgres://postgres@127.0.0.1:<port>/<database>`. */
  url(database = this.database): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  get logFile(): string {
    return `${this.home}/${this.name}.log`;
  }

  /** The server's log so far, for failure messages. */
  log(): string {
    return existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8') : '';
  }

  /** Live processes of this data directory: the postmaster and all its children. */
  processes() {
    return processesOf(this.dataDir);
  }

  /** Adds settings to node.conf; a running server reloads them (those that need a restart apply at the next start). */
  async configure(settings: PostgresSettings): Promise<void> {
    this.writeSettings(settings);
    if (this.processes().length > 0) await this.query('SELECT pg_reload_conf()');
  }

  /**
   * `pg_ctl start`, resolved once the server answers at its address. `readOnly` brings it back with
   * `default_transaction_read_only = on` for this run only (a primary that returns read-only). A first
   * start whose port another process took meanwhile moves to a new free port; later starts keep it.
   */
  async start({ readOnly = false }: { readOnly?: boolean } = {}): Promise<void> {
    const options = readOnly ? ['-o', '-c default_transaction_read_only=on'] : [];
    this.removeStaleLockFiles();
    for (let attempt = 1; ; attempt++) {
      const logOffset = existsSync(this.logFile) ? statSync(this.logFile).size : 0;
      try {
        await runAsPostgres('pg_ctl', ['start', '-D', this.dataDir, '-l', this.logFile, '-w', '-t', `${PG_CTL_SECONDS}`, ...options]);
        break;
      } catch (error) {
        const portTaken = /could not bind|could not create any TCP\/IP sockets/.test(this.log().slice(logOffset));
        if (this.hasRun || !portTaken || attempt === 3)
          throw new Error(`${(error as Error).message}\n${this.log().slice(logOffset)}`, { cause: error });
        this.currentPort = await freePort();
        this.writeSettings({});
      }
    }
    this.hasRun = true;
    // The maintenance database: the node's own may not exist yet (the template node creates it).
    await this.query('SELECT 1', [], { database: 'postgres' });
  }

  /** `pg_ctl stop -m fast` (thawing the node first if frozen); resolves once no process of it is left. */
  async stop(): Promise<void> {
    await this.thaw();
    await runAsPostgres('pg_ctl', ['stop', '-D', this.dataDir, '-m', 'fast', '-w', '-t', `${PG_CTL_SECONDS}`]);
    await this.waitUntilGone();
  }

  /**
   * SIGKILLs the postmaster, as a crash would. Its children notice and exit on their own (a backend
   * tells its client "terminating connection due to unexpected postmaster exit"); any still there after
   * a grace period are SIGKILLed too. Resolves once no process of this data directory is left.
   */
  async kill(): Promise<void> {
    const postmaster = this.postmasterPid();
    process.kill(postmaster, 'SIGKILL');
    signalAll(this.processes(), 'SIGCONT'); // frozen children must run to notice
    await this.waitUntilGone(10_000).catch(() => killProcessesOf(this.dataDir));
    await this.waitUntilGone();
    removeSharedMemoryOf(postmaster);
  }

  /** SIGSTOPs the postmaster, then every child: a hung host. Resolves once all of them are stopped. */
  async freeze(): Promise<void> {
    await waitFor(
      () => {
        const processes = this.processes();
        const running = processes.filter(({ state }) => state !== 'T');
        // The postmaster first, so that it forks no child past this list; the next round catches any that slipped.
        signalAll(
          [...running].sort((a, b) => Number(b.postmaster) - Number(a.postmaster)),
          'SIGSTOP',
        );
        return processes.length > 0 && running.length === 0;
      },
      { timeoutMs: SETTLE_MS, what: `every process of ${this.name} stopped` },
    );
  }

  /** SIGCONTs every process of the node; resolves once none is stopped (at once when none was). */
  async thaw(): Promise<void> {
    await waitFor(
      () => {
        const stopped = this.processes().filter(({ state }) => state === 'T');
        signalAll(stopped, 'SIGCONT');
        return stopped.length === 0;
      },
      { timeoutMs: SETTLE_MS, what: `every process of ${this.name} running` },
    );
  }

  /** `pg_ctl promote`, resolved once the node accepts writes. */
  async promote(): Promise<Promotion> {
    const requestedAt = Date.now();
    await runAsPostgres('pg_ctl', ['promote', '-D', this.dataDir, '-w', '-t', `${PG_CTL_SECONDS}`]);
    await waitFor(() => this.isWritable(), { timeoutMs: SETTLE_MS, what: `${this.name} writable after promotion` });
    return { requestedAt, writableAt: Date.now() };
  }

  /** Out of recovery and not read-only by default: what `target_session_attrs=read-write` looks for. */
  async isWritable(): Promise<boolean> {
    const [row] = await this.query<{ recovering: boolean; readOnly: string }>(
      `SELECT pg_is_in_recovery() AS recovering, current_setting('default_transaction_read_only') AS "readOnly"`,
    );
    return !row.recovering && row.readOnly === 'off';
  }

  /** One statement on a connection of its own, closed after (destroyed if the server does not answer in time). */
  query<T = Record<string, unknown>>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<T[]> {
    return queryPostgres<T>(this.url(options.database ?? this.database), sql, params, options);
  }

  /** Stops whatever runs of this node, however it is, for `close()`: SIGCONT, immediate stop, then SIGKILL. */
  async dispose(): Promise<void> {
    const processes = this.processes();
    if (processes.length === 0) return;
    const postmaster = processes.find((found) => found.postmaster)?.pid;
    signalAll(processes, 'SIGCONT');
    await runAsPostgres('pg_ctl', ['stop', '-D', this.dataDir, '-m', 'immediate', '-w', '-t', '30']).catch(() => undefined);
    killProcessesOf(this.dataDir);
    await this.waitUntilGone();
    if (postmaster) removeSharedMemoryOf(postmaster);
  }

  private postmasterPid(): number {
    const pid = Number(readFileSync(`${this.dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
    if (!this.processes().some((found) => found.pid === pid && found.postmaster)) throw new Error(`${this.name} is not running`);
    return pid;
  }

  /**
   * A killed postmaster leaves its lock files behind (postmaster.pid, and its socket's), and PostgreSQL
   * refuses to start while the pid they name exists, which a zombie does until reaped (here PID 1 reaps
   * orphans seconds late). With no process of the data directory left, they are stale.
   */
  private removeStaleLockFiles(): void {
    if (this.processes().length > 0) throw new Error(`${this.name} is already running`);
    for (const file of [
      `${this.dataDir}/postmaster.pid`,
      `${this.home}/.s.PGSQL.${this.port}`,
      `${this.home}/.s.PGSQL.${this.port}.lock`,
    ]) {
      rmSync(file, { force: true });
    }
  }

  private waitUntilGone(timeoutMs = SETTLE_MS): Promise<void> {
    return waitFor(() => this.processes().length === 0, { timeoutMs, what: `no process of ${this.name} left` });
  }

  /**
   * Rewrites node.conf: what places the node (its port, socket directory, and cluster_name set to the
   * data directory, which puts the directory in every child's process title) and the node's own settings.
   */
  private writeSettings(settings: PostgresSettings): void {
    this.settings = { ...this.settings, ...settings };
    const placement = { port: this.port, unix_socket_directories: this.home, cluster_name: this.dataDir };
    const lines = Object.entries({ ...this.settings, ...placement }).map(
      ([key, value]) => `${key} = '${String(value).replace(/'/g, "''")}'`,
    );
    writeFileSync(`${this.dataDir}/node.conf`, `${lines.join('\n')}\n`);
  }
}
