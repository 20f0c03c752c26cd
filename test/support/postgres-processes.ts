import { execFile, execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { processes } from './proc';
import { testEnvironment } from './test-environment';

/** The PostgreSQL of the machine (Debian's postgresql-15 unless TEST_PG_BIN says otherwise); the harness installs nothing. */
export const PG_BIN = testEnvironment.postgresBin;

/** Every directory the harness makes starts with this, so a run's leftovers can be found by name. */
export const harnessPrefix = (runId: string) => `/tmp/es-pg-${runId}-`;

const execFileAsync = promisify(execFile);

/**
 * Runs one of PostgreSQL's programs as the `postgres` system user, since initdb and postgres refuse to
 * run as root (`runuser`, which root may use without a password; as any other user, directly).
 */
export async function runAsPostgres(program: string, args: string[], timeoutMs = 150_000): Promise<string> {
  const binary = `${PG_BIN}/${program}`;
  const [file, argv] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];
  try {
    const { stdout } = await execFileAsync(file, argv, { timeout: timeoutMs, killSignal: 'SIGKILL' });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${program} ${args.join(' ')} failed: ${(error as Error).message}\n${stdout}${stderr}`, { cause: error });
  }
}

/** Gives a directory made by root to the `postgres` user, which must own its data directories. */
export async function chownToPostgres(path: string): Promise<void> {
  if (process.getuid?.() === 0) await execFileAsync('chown', ['-R', 'postgres:postgres', path]);
}

export interface PostgresProcess {
  pid: number;
  /** The state letter of /proc/<pid>/stat: `T` when stopped by SIGSTOP. */
  state: string;
  postmaster: boolean;
}

/**
 * The live processes of the data directories that `matches` accepts. A postmaster shows
 * `postgres -D <dir>`; its children show `postgres: <cluster_name>: ...`, and the harness sets cluster_name to the data
 * directory, so they are found even once orphaned by a killed postmaster. Zombies are dead: left out.
 */
function processesMatching(matches: (dataDir: string) => boolean): PostgresProcess[] {
  return processes().flatMap(({ pid, argv, state }) => {
    const postmaster = argv[0] === `${PG_BIN}/postgres` && argv.includes('-D') && matches(argv[argv.indexOf('-D') + 1]);
    const title = /^postgres: (.+?): /.exec(argv[0]);
    if (!postmaster && !(title && matches(title[1]))) return [];
    return state === 'Z' || state === 'X' ? [] : [{ pid, state, postmaster }];
  });
}

/** The live processes (postmaster and children) of one data directory. */
export const processesOf = (dataDir: string) => processesMatching((dir) => dir === dataDir);

/** Sends `signal` to each process, ignoring those that exited meanwhile. */
export function signalAll(processes: PostgresProcess[], signal: NodeJS.Signals): void {
  for (const { pid } of processes) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/**
 * SIGKILLs every process of the matching data directories (frozen ones too: SIGKILL needs no
 * SIGCONT), postmasters first so that none forks a new child meanwhile.
 */
function killMatching(matches: (dataDir: string) => boolean): void {
  signalAll(
    processesMatching(matches).filter((found) => found.postmaster),
    'SIGKILL',
  );
  signalAll(processesMatching(matches), 'SIGKILL');
}

export const killProcessesOf = (dataDir: string) => killMatching((dir) => dir === dataDir);

/**
 * Removes the System V shared memory segment a SIGKILLed postmaster leaves behind (a clean stop
 * removes its own), identified by its creator's pid and only once nothing is attached.
 */
export function removeSharedMemoryOf(postmasterPid: number): void {
  const rows = readFileSync('/proc/sysvipc/shm', 'utf8').trim().split('\n').slice(1);
  for (const row of rows) {
    const [, shmid, , , cpid, , nattch] = row.trim().split(/\s+/);
    if (Number(cpid) === postmasterPid && nattch === '0') {
      try {
        execFileSync('ipcrm', ['-m', shmid], { stdio: 'ignore' });
      } catch {
        // removed by someone else meanwhile
      }
    }
  }
}

/**
 * Starts a detached watchdog (postgres-watchdog.cjs) that, should `ownerPid` die with `directory`
 * still there, kills every process of the data directories under it and removes it. It leaves on its
 * own once the directory is gone: removing it is all a normal clean-up does.
 */
export function guard(directory: string, ownerPid = process.pid): void {
  spawn(process.execPath, [join(__dirname, 'postgres-watchdog.cjs'), String(ownerPid), directory], {
    detached: true,
    stdio: 'ignore',
  }).unref();
}

/** The global teardown's sweep: every process and directory the harness left in this run. */
export function removeRunLeftovers(runId: string): void {
  const prefix = harnessPrefix(runId);
  killMatching((dir) => dir.startsWith(prefix));
  for (const entry of readdirSync('/tmp')) {
    if (`/tmp/${entry}`.startsWith(prefix)) rmSync(`/tmp/${entry}`, { recursive: true, force: true });
  }
}
