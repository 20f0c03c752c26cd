import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PostgresPair } from '../support/postgres-pair';
import { guard, PG_BIN } from '../support/postgres-processes';
import { waitFor } from '../support/wait-for';

/**
 * The harness the high-availability suites stand on: a real PostgreSQL primary and streaming standby
 * of their own. Two pairs, each reused by the tests that do not undo one another, in this order.
 */

/** The lines of `ps` that name a directory: a postmaster's `-D <dir>`, a child's title (its cluster_name is the data directory), a watchdog's argument. */
const psLines = (directory: string) =>
  execFileSync('ps', ['-eo', 'pid,stat,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(directory));

/** The PostgreSQL processes among them: a pair's watchdog leaves on its own, up to half a second after the pair. */
const processLines = (directory: string) => psLines(directory).filter((line) => !line.includes('postgres-watchdog'));

const watchdogGone = (directory: string) =>
  waitFor(() => psLines(directory).length === 0, { timeoutMs: 30_000, what: `no watchdog left for ${directory}` });

/** What libpq itself (psql) makes of a URL: the port of the server it settled on. */
const portChosenByLibpq = (url: string) =>
  Number(execFileSync(`${PG_BIN}/psql`, ['-X', '-At', '-c', `SELECT current_setting('port')`, url], { encoding: 'utf8' }).trim());

describe('A synchronous pair', () => {
  let pair: PostgresPair;

  beforeAll(async () => {
    pair = await PostgresPair.start({ replication: 'synchronous', migrate: true });
  });
  afterAll(() => pair?.close());

  it('runs a migrated primary and a standby streaming from it synchronously, on their own ports', async () => {
    const { primary, standby } = pair;
    expect(primary.port).not.toBe(standby.port);
    expect([primary.port, standby.port]).not.toContain(5432);
    expect(await primary.query('SELECT pg_is_in_recovery() AS recovering')).toEqual([{ recovering: false }]);
    expect(await standby.query('SELECT pg_is_in_recovery() AS recovering')).toEqual([{ recovering: true }]);
    expect(await primary.query('SELECT sync_state FROM pg_stat_replication')).toEqual([{ sync_state: 'sync' }]);

    await pair.waitForReplay();
    const applied = 'SELECT name FROM migrations ORDER BY id';
    const migrations = await primary.query(applied);
    expect(migrations.length).toBeGreaterThan(0);
    expect(await standby.query(applied)).toEqual(migrations);
  });

  it('shows a commit on the standby as soon as it returns, for a session asking for remote_apply', async () => {
    await pair.primary.query('CREATE TABLE notes (body text)');
    await pair.primary.query(`SET synchronous_commit = remote_apply; INSERT INTO notes VALUES ('applied')`);
    expect(await pair.standby.query('SELECT body FROM notes')).toEqual([{ body: 'applied' }]);
  });

  it('freezes every process of a node, which then answers nothing, and thaws them', async () => {
    const { primary } = pair;
    await primary.freeze();
    expect(primary.processes().length).toBeGreaterThan(1);
    expect(primary.processes().every(({ state }) => state === 'T')).toBe(true);
    await expect(primary.query('SELECT 1', [], { timeoutMs: 1000 })).rejects.toThrow();

    await primary.thaw();
    expect(primary.processes().some(({ state }) => state === 'T')).toBe(false);
    expect(await primary.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('pauses replay: the standby holds a synchronous commit it does not show until resumed', async () => {
    await pair.pauseReplay();
    await pair.primary.query(`INSERT INTO notes VALUES ('paused')`);
    expect(await pair.standby.query('SELECT body FROM notes ORDER BY body')).toEqual([{ body: 'applied' }]);
    expect(await pair.replayLagBytes()).toBeGreaterThan(0);

    await pair.resumeReplay();
    await pair.waitForReplay();
    expect(await pair.standby.query('SELECT body FROM notes ORDER BY body')).toEqual([{ body: 'applied' }, { body: 'paused' }]);
  });

  it('keeps a synchronous commit through a SIGKILL of the primary, which leaves no process, and a promotion', async () => {
    const { primary, standby } = pair;
    // Replay paused: the row reaches the promoted standby only because the commit waited for its WAL.
    await pair.pauseReplay();
    await primary.query(`INSERT INTO notes VALUES ('acknowledged')`);
    await primary.kill();
    expect(primary.processes()).toEqual([]);
    expect(processLines(primary.dataDir)).toEqual([]);

    const promotion = await standby.promote();
    expect(promotion.writableAt).toBeGreaterThanOrEqual(promotion.requestedAt);
    expect(await standby.isWritable()).toBe(true);
    await standby.query(`INSERT INTO notes VALUES ('after promotion')`);
    expect(await standby.query('SELECT body FROM notes ORDER BY body')).toEqual([
      { body: 'acknowledged' },
      { body: 'after promotion' },
      { body: 'applied' },
      { body: 'paused' },
    ]);
  });

  it('brings the old primary back read-only at its address, past which the multi-host URL finds the writable node', async () => {
    const { primary, standby } = pair;
    const address = primary.url();
    await primary.start({ readOnly: true });
    expect(primary.url()).toBe(address);
    expect(await primary.query('SELECT pg_is_in_recovery() AS recovering')).toEqual([{ recovering: false }]);
    expect(await primary.isWritable()).toBe(false);
    await expect(primary.query(`INSERT INTO notes VALUES ('refused')`)).rejects.toThrow('read-only transaction');

    expect(pair.multiHostUrl()).toBe(
      `postgres://postgres@127.0.0.1:${primary.port},127.0.0.1:${standby.port}/event_store?target_session_attrs=read-write`,
    );
    expect(portChosenByLibpq(pair.multiHostUrl())).toBe(standby.port);
    expect(portChosenByLibpq(pair.multiHostUrl('any'))).toBe(primary.port);
  });

  it('is cleaned up by its watchdog when the process that owns it dies without closing it', async () => {
    const home = dirname(pair.primary.dataDir);
    const postmasters = [pair.primary, pair.standby].map((node) => node.processes().find(({ postmaster }) => postmaster)!.pid);
    await pair.primary.freeze();
    const owner = spawn('sleep', ['600']);
    guard(home, owner.pid);
    owner.kill('SIGKILL');

    await waitFor(() => !existsSync(home) && psLines(home).length === 0, { timeoutMs: 30_000, what: 'the pair and its watchdog gone' });
    const segmentCreators = readFileSync('/proc/sysvipc/shm', 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((row) => Number(row.trim().split(/\s+/)[4]));
    expect(segmentCreators.filter((creator) => postmasters.includes(creator))).toEqual([]);
  });
});

describe('An asynchronous pair replicating through a link', () => {
  let pair: PostgresPair;

  beforeAll(async () => {
    pair = await PostgresPair.start({ replication: 'asynchronous', replicationLink: true });
  });
  afterAll(() => pair?.close());

  it('stops the standby with pg_ctl and starts it again, streaming through the link', async () => {
    expect(await pair.primary.query('SELECT sync_state FROM pg_stat_replication')).toEqual([{ sync_state: 'async' }]);
    await pair.standby.stop();
    expect(processLines(pair.standby.dataDir)).toEqual([]);
    await pair.standby.start();
    await pair.waitForStreaming();
  });

  it('loses a write made while replication was cut, once the primary is killed and the standby promoted', async () => {
    const { primary, standby } = pair;
    await primary.query(`CREATE TABLE notes (body text); INSERT INTO notes VALUES ('replicated')`);
    await pair.waitForReplay();
    await pair.cutReplication();
    await primary.query(`INSERT INTO notes VALUES ('acknowledged, never replicated')`);
    expect(await pair.replayLagBytes()).toBeGreaterThan(0);

    await primary.kill();
    await standby.promote();
    expect(await standby.query('SELECT body FROM notes')).toEqual([{ body: 'replicated' }]);
  });

  it('leaves no process and no directory after close(), even with a node frozen and a step failed', async () => {
    const home = dirname(pair.standby.dataDir);
    await pair.standby.freeze();
    await expect(pair.standby.query('SELECT 1', [], { timeoutMs: 1000 })).rejects.toThrow();
    expect(processLines(home).length).toBeGreaterThan(0);

    await pair.close();
    expect(processLines(home)).toEqual([]);
    expect(existsSync(home)).toBe(false);
    await watchdogGone(home);
  });
});

describe('A pair that fails to start', () => {
  it('stops what it had started and removes its directory before rejecting', async () => {
    const failure = await PostgresPair.start({ replication: 'asynchronous', standbySettings: { shared_buffers: 'plenty' } }).then(
      async (pair) => {
        await pair.close();
        return new Error('the pair started');
      },
      (error: Error) => error,
    );
    expect(failure.message).toMatch(/invalid value for parameter "shared_buffers"/);
    const home = /(\/tmp\/es-pg-\S+-pair-\w+)\/standby/.exec(failure.message)![1];
    expect(processLines(home)).toEqual([]);
    expect(existsSync(home)).toBe(false);
    await watchdogGone(home);
  });
});
