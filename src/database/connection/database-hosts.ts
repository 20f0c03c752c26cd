import type { LoggerService } from '@nestjs/common';
import pg from 'pg';
import { DatabaseHost, DatabaseTarget, describeHosts, TargetSessionAttrs } from './database-url';

export interface ConnectionTimeouts {
  /** A host that has not completed a connection (TCP and PostgreSQL's start-up) by then is taken as down. */
  connectTimeoutMs: number;
  /** TCP keepalive on every connection, after this much idle time: a host that vanished is noticed by the kernel. */
  keepAliveMs: number;
  /** How often the chosen host is checked; a check unanswered within connectTimeoutMs counts as down. */
  checkIntervalMs: number;
}

/**
 * No host of the URL answers as its target_session_attrs asks. Its message names each host and why,
 * for the log and the start-up line; a client is answered a plain 503 (DatabaseUnavailableError).
 */
export class NoDatabaseHostError extends Error {
  constructor(targetSessionAttrs: TargetSessionAttrs, problems: HostProblem[]) {
    super(
      `No database host answers as target_session_attrs=${targetSessionAttrs} asks: ${problems.map(({ host, problem }) => `${host}: ${problem}`).join('; ')}`,
    );
  }
}

/** Why a host could not serve, as last found. */
export interface HostProblem {
  host: string;
  problem: string;
}

/** What a host is, as `SELECT pg_is_in_recovery(), transaction_read_only` says. */
interface HostState {
  inRecovery: boolean;
  readOnly: boolean;
}

const STATE_QUERY = `SELECT pg_is_in_recovery() AS in_recovery, current_setting('transaction_read_only') = 'on' AS read_only`;

const SATISFIES: Record<Exclude<TargetSessionAttrs, 'prefer-standby'>, (state: HostState) => boolean> = {
  any: () => true,
  'read-write': (state) => !state.readOnly,
  'read-only': (state) => state.readOnly,
  primary: (state) => !state.inRecovery,
  standby: (state) => state.inRecovery,
};

/**
 * The hosts of one database URL and the one its connections go to, kept true across failovers.
 * The chosen host is the first, in the URL's order, that answers as `target_session_attrs` asks
 * (libpq's rules: `read-write` accepts writes, `primary` is not in recovery, `prefer-standby` takes
 * a standby when one answers, else any host). It is checked every `checkIntervalMs` on a connection
 * of its own; when it dies, freezes (no answer within `connectTimeoutMs`) or stops being what the URL
 * asks (an old primary back read-only), it is dropped: every connection to it is cut at once, so
 * queries stuck on it fail instead of hanging, and the next connection looks for a host afresh.
 * While no host qualifies, connecting fails with DatabaseUnavailableError (503, Retry-After).
 */
export class DatabaseHosts {
  private chosen: DatabaseHost | null = null;
  private choosing: Promise<DatabaseHost> | null = null;
  private lastProblems: HostProblem[] = [];
  private readonly connections = new Map<pg.Client, DatabaseHost>();
  private watch?: NodeJS.Timeout;
  private checking = false;

  constructor(
    readonly target: DatabaseTarget,
    private readonly timeouts: ConnectionTimeouts,
    private readonly logger: LoggerService,
  ) {}

  /** What every connection to one of these hosts is created with, besides its host. */
  clientSettings(extra: pg.ClientConfig = {}): pg.ClientConfig {
    return {
      ...this.target.settings,
      connectionTimeoutMillis: this.timeouts.connectTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: this.timeouts.keepAliveMs,
      ...extra,
    };
  }

  /** The host new connections go to. Rejects with DatabaseUnavailableError while none qualifies. */
  current(): Promise<DatabaseHost> {
    if (this.chosen) return Promise.resolve(this.chosen);
    this.choosing ??= this.choose().finally(() => (this.choosing = null));
    return this.choosing;
  }

  /** Whether a host is chosen and answered its last check (what readiness reports), or what was wrong with each host when last asked. */
  get status(): { up: boolean; host: string | null; problems: HostProblem[] } {
    return { up: this.chosen !== null, host: this.chosen && describeHosts([this.chosen]), problems: this.lastProblems };
  }

  /** Counts `client` as connected to `host`, until it ends, so that losing the host cuts it. */
  track(client: pg.Client, host: DatabaseHost): void {
    this.connections.set(client, host);
    client.once('end', () => this.connections.delete(client));
  }

  /** A connection to `host` failed: if it is the chosen one, it is dropped (a failed connect means it is down or gone). */
  connectFailed(host: DatabaseHost, error: Error): void {
    this.drop(host, error.message);
  }

  /** Starts the periodic check of the chosen host (the API and the worker; not a one-off migration run). */
  startWatching(): void {
    this.watch ??= setInterval(() => void this.check(), this.timeouts.checkIntervalMs).unref();
  }

  stopWatching(): void {
    clearInterval(this.watch);
    this.watch = undefined;
  }

  /** Forgets `host` if it is the chosen one, cutting every connection to it. */
  drop(host: DatabaseHost, reason: string): void {
    if (!this.chosen || this.chosen.host !== host.host || this.chosen.port !== host.port) return;
    this.chosen = null;
    this.lastProblems = [{ host: describeHosts([host]), problem: reason }];
    this.logger.warn(
      `Database host ${describeHosts([host])} dropped (${reason}); looking for one among ${describeHosts(this.target.hosts)}`,
    );
    for (const [client, connectedTo] of this.connections) {
      if (connectedTo === host) destroy(client);
    }
  }

  private async check(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const host = this.chosen;
      if (!host) {
        // Nobody may be connecting right now: look for a host anyway, so readiness and the LISTEN connection recover on their own.
        await this.current().catch(() => undefined);
        return;
      }
      const problem = await this.problemWith(host);
      if (problem) this.drop(host, problem);
    } finally {
      this.checking = false;
    }
  }

  /**
   * Asks every host at once and takes the first to answer as wanted: a host that is down or frozen
   * costs its own connect timeout, not one per host before the one that qualifies.
   */
  private async choose(): Promise<DatabaseHost> {
    const { hosts, targetSessionAttrs } = this.target;
    const passes: Exclude<TargetSessionAttrs, 'prefer-standby'>[] =
      targetSessionAttrs === 'prefer-standby' ? ['standby', 'any'] : [targetSessionAttrs];
    const problems: HostProblem[] = [];
    for (const wanted of passes) {
      const host = await firstQualifying(hosts, async (candidate) => {
        const problem = await this.problemWith(candidate, wanted);
        if (problem) problems.push({ host: describeHosts([candidate]), problem });
        return !problem;
      });
      if (host) {
        // Said when it is news: a failover, or the first choice among several hosts.
        if (this.lastProblems.length > 0 || hosts.length > 1) {
          this.logger.log(`Database host ${describeHosts([host])} chosen (target_session_attrs=${targetSessionAttrs})`);
        }
        this.lastProblems = [];
        this.chosen = host;
        return host;
      }
    }
    this.lastProblems = problems;
    throw new NoDatabaseHostError(targetSessionAttrs, problems);
  }

  /** Why `host` cannot serve as `wanted` (by default what the URL asks), or null when it can. */
  private async problemWith(host: DatabaseHost, wanted = this.target.targetSessionAttrs): Promise<string | null> {
    const probe = new pg.Client(this.clientSettings({ host: host.host, port: host.port, application_name: 'event-store-host-check' }));
    probe.on('error', () => undefined);
    let timer: NodeJS.Timeout | undefined;
    const unanswered = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`did not answer within ${this.timeouts.connectTimeoutMs} ms`), this.timeouts.connectTimeoutMs);
    });
    const answered = (async () => {
      await probe.connect();
      const { rows } = await probe.query<{ in_recovery: boolean; read_only: boolean }>(STATE_QUERY);
      const state = { inRecovery: rows[0].in_recovery, readOnly: rows[0].read_only };
      const test = wanted === 'prefer-standby' ? SATISFIES.any : SATISFIES[wanted];
      return test(state) ? null : `is ${state.inRecovery ? 'a standby' : 'read-only'}, not ${wanted}`;
    })().catch((error: Error) => error.message);
    try {
      return await Promise.race([answered, unanswered]);
    } finally {
      clearTimeout(timer);
      destroy(probe);
    }
  }
}

/** The first of `hosts` for which `qualifies` resolves true, all asked at once; null when none does. */
function firstQualifying(hosts: DatabaseHost[], qualifies: (host: DatabaseHost) => Promise<boolean>): Promise<DatabaseHost | null> {
  return new Promise((resolve) => {
    let pending = hosts.length;
    for (const host of hosts) {
      void qualifies(host).then((yes) => {
        pending -= 1;
        if (yes) resolve(host);
        else if (pending === 0) resolve(null);
      });
    }
  });
}

/** Ends a connection at once, whatever state it is in: a frozen host would never answer a polite end(). */
function destroy(client: pg.Client): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}
