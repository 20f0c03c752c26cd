import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { FaultyLink } from './faulty-link';
import { freePort } from './free-port';
import { PostgresNode, PostgresSettings } from './postgres-node';
import { chownToPostgres, guard, harnessPrefix, runAsPostgres } from './postgres-processes';
import { templateCluster } from './postgres-template';
import { testEnvironment } from './test-environment';
import { waitFor } from './wait-for';

const execFileAsync = promisify(execFile);

export interface PostgresPairOptions {
  /**
   * `synchronous`: the primary's commits wait until the standby has flushed them
   * (`synchronous_standby_names = '*'`, `synchronous_commit = on`); `asynchronous`: they do not.
   */
  replication: 'synchronous' | 'asynchronous';
  /** The database created on the pair; `event_store` unless told. */
  database?: string;
  /** Applies the service's migrations to it (through the per-run template cluster: no cost per pair). */
  migrate?: boolean;
  /** Routes the standby's replication connection through a FaultyLink, which `cutReplication()` cuts. */
  replicationLink?: boolean;
  primarySettings?: PostgresSettings;
  standbySettings?: PostgresSettings;
}

/**
 * A PostgreSQL 15 primary and a streaming standby (`pg_basebackup -R`) of their own, on free ports of
 * 127.0.0.1, in a directory under /tmp. `start()` cleans up after itself if it fails; after that the
 * test calls `close()` (in `afterAll`, always). Should the test process die first, a watchdog process
 * kills the servers and removes the directory; the global teardown sweeps whatever a run left.
 */
export class PostgresPair {
  private nodes: PostgresNode[] = [];
  private closed = false;
  private faultyLink?: FaultyLink;

  private constructor(
    private readonly home: string,
    readonly database: string,
    readonly replication: PostgresPairOptions['replication'],
  ) {}

  static async start(options: PostgresPairOptions): Promise<PostgresPair> {
    const database = options.database ?? 'event_store';
    if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`Not a plain database name: ${database}`);
    const template = await templateCluster(database, options.migrate ?? false);
    const home = await mkdtemp(`${harnessPrefix(testEnvironment.runId)}pair-`);
    guard(home);
    const pair = new PostgresPair(home, database, options.replication);
    try {
      await chownToPostgres(home);
      await pair.startNodes(template, options);
    } catch (error) {
      await pair.close();
      throw error;
    }
    return pair;
  }

  /**
   * The standby's replication link, with `replicationLink`. Prefer `cutReplication()` to its `freeze()`,
   * which drops what passes meanwhile: the replication stream would not resume where it stopped.
   */
  get link(): FaultyLink | undefined {
    return this.faultyLink;
  }

  /** The node that was the primary at the start (roles do not move with a promotion). */
  get primary(): PostgresNode {
    return this.nodes[0];
  }

  get standby(): PostgresNode {
    return this.nodes[1];
  }

  /** The libpq multi-host URL over the given nodes, in order: `postgres://postgres@h1:p1,h2:p2/db?target_session_attrs=...`. */
  multiHostUrl(targetSessionAttrs = 'read-write', nodes: PostgresNode[] = this.nodes): string {
    const hosts = nodes.map((node) => `127.0.0.1:${node.port}`).join(',');
    return `postgres://postgres@${hosts}/${this.database}?target_session_attrs=${targetSessionAttrs}`;
  }

  /** Resolves once the primary streams to the standby (and counts it as synchronous, for a synchronous pair). */
  async waitForStreaming(timeoutMs = 60_000): Promise<void> {
    const wanted = this.replication === 'synchronous' ? 'sync' : 'async';
    await waitFor(
      async () => {
        const rows = await this.primary.query<{ sync: string }>(
          `SELECT sync_state AS sync FROM pg_stat_replication WHERE state = 'streaming'`,
        );
        return rows.some(({ sync }) => sync === wanted);
      },
      { timeoutMs, intervalMs: 100, what: `${this.replication} streaming to the standby` },
    );
  }

  /** Bytes of WAL the primary has written that the standby has not replayed yet. */
  async replayLagBytes(): Promise<number> {
    const [{ lsn }] = await this.primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    const [{ lag }] = await this.standby.query<{ lag: number }>('SELECT pg_wal_lsn_diff($1, pg_last_wal_replay_lsn())::float8 AS lag', [
      lsn,
    ]);
    return lag;
  }

  /** Resolves once the standby has replayed everything the primary had written when called. */
  async waitForReplay(timeoutMs = 60_000): Promise<void> {
    const [{ lsn }] = await this.primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    await waitFor(
      async () => {
        const [{ caught }] = await this.standby.query<{ caught: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS caught', [
          lsn,
        ]);
        return caught;
      },
      { timeoutMs, intervalMs: 50, what: `the standby replaying up to ${lsn}` },
    );
  }

  /** Pauses the standby's replay (it keeps receiving WAL); resolves once paused. */
  async pauseReplay(): Promise<void> {
    await this.standby.query('SELECT pg_wal_replay_pause()');
    await waitFor(() => this.replayPauseState().then((state) => state === 'paused'), { timeoutMs: 30_000, what: 'replay paused' });
  }

  async resumeReplay(): Promise<void> {
    await this.standby.query('SELECT pg_wal_replay_resume()');
    await waitFor(() => this.replayPauseState().then((state) => state === 'not paused'), { timeoutMs: 30_000, what: 'replay resumed' });
  }

  /** Cuts the replication link (only with `replicationLink`); resolves once the primary has no standby streaming. */
  async cutReplication(): Promise<void> {
    this.requireLink().cut();
    await waitFor(async () => (await this.primary.query('SELECT 1 FROM pg_stat_replication')).length === 0, {
      timeoutMs: 30_000,
      what: 'the primary without a standby',
    });
  }

  /** Restores the replication link; resolves once the standby streams again. */
  async restoreReplication(): Promise<void> {
    this.requireLink().restore();
    await this.waitForStreaming();
  }

  /**
   * Stops exactly what the pair started, whatever state it is in (frozen, killed, half started), and
   * removes its directory. Safe to call more than once.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.faultyLink?.close();
    // The standby first: a primary shutting down waits for its walsenders to have sent everything.
    for (const node of [...this.nodes].reverse()) await node.dispose();
    await rm(this.home, { recursive: true, force: true });
  }

  private async startNodes(template: string, options: PostgresPairOptions): Promise<void> {
    const primaryDir = `${this.home}/primary`;
    await execFileAsync('cp', ['-a', template, primaryDir]);
    const primary = new PostgresNode('primary', primaryDir, this.home, this.database, await freePort(), options.primarySettings);
    this.nodes.push(primary);
    await primary.start();

    if (options.replicationLink) this.faultyLink = await FaultyLink.start(new URL(primary.url()));
    const source = this.faultyLink ? new URL(this.faultyLink.url).port : String(primary.port);
    const standbyDir = `${this.home}/standby`;
    // -R records this connection as the standby's primary_conninfo, so replication goes through the link
    // too. --no-sync: the standby's first start syncs its data directory anyway, before it recovers.
    const connection = `host=127.0.0.1 port=${source} user=postgres`;
    await runAsPostgres('pg_basebackup', ['-d', connection, '-D', standbyDir, '-R', '-X', 'stream', '-c', 'fast', '--no-sync']);
    // A promoted standby must not wait for a standby of its own, whatever it copied from the primary.
    const standbySettings = { synchronous_standby_names: '', ...options.standbySettings };
    this.nodes.push(new PostgresNode('standby', standbyDir, this.home, this.database, await freePort(), standbySettings));
    await this.standby.start();

    // Only now: a synchronous primary without its standby would have made the commits above wait.
    if (this.replication === 'synchronous') await primary.configure({ synchronous_standby_names: '*', synchronous_commit: 'on' });
    await this.waitForStreaming();
  }

  private async replayPauseState(): Promise<string> {
    const [{ state }] = await this.standby.query<{ state: string }>('SELECT pg_get_wal_replay_pause_state() AS state');
    return state;
  }

  private requireLink(): FaultyLink {
    if (!this.faultyLink) throw new Error('This pair has no replication link: start it with replicationLink: true');
    return this.faultyLink;
  }
}
