// `npm start`: the development launcher (see the README, "What npm start does"). Builds when src/
// changed, provides PostgreSQL and Redis when none are configured, creates the development API key,
// then runs the API and the worker until Ctrl-C. Plain JavaScript because it runs before any build.
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { nodeCommand } from './npm-script.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data');
const apiPort = Number(process.env.PORT || 3000);
const apiUrl = `http://localhost:${apiPort}`;
const postgresPort = Number(process.env.EMBEDDED_POSTGRES_PORT ?? 54329);
/** Which launcher runs on this data directory, and where its API answers (JSON: pid, apiUrl). */
const lockFile = path.join(dataDir, 'launcher.json');
/** Where clusters relocated out of folders the postgres user cannot enter live (/var/tmp survives a reboot, /tmp may not). */
const relocationRoot = path.join(existsSync('/var/tmp') ? '/var/tmp' : tmpdir(), 'event-store-service');
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const STOP_TIMEOUT_MS = 10_000;
const POSTGRES_START_TIMEOUT_MS = 60_000;

class LaunchError extends Error {}

let stopping = false;
let ownsLock = false;
let postgres; // the embedded PostgreSQL server process, once spawned
let postgresStarting; // its initdb and start while they run: a signal then must wait for them
let redis; // a redis-server this launcher started
const services = [];

async function main() {
  takeOverSignals();
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  claimDataDir();
  ensureBuilt();
  ensureConsoleBuilt();
  const env = {
    ...process.env,
    WEBHOOK_ALLOW_PRIVATE_TARGETS: process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? 'true',
    LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
    // One API process, not one per CPU: one process to read and debug, and on a many-core machine
    // one database pool instead of a dozen, which the embedded PostgreSQL's 100 connections may not hold.
    WEB_CONCURRENCY: process.env.WEB_CONCURRENCY || '1',
  };
  env.JWT_SECRET ||= secret('jwt-secret', () => randomBytes(48).toString('base64url'));
  env.DATABASE_URL ||= await startEmbeddedPostgres();
  // Sentinels or a Cluster, when named, are the Redis to use (REDIS_URL must then stay unset).
  if (!env.REDIS_SENTINELS && !env.REDIS_CLUSTER_NODES) env.REDIS_URL ||= await findOrStartRedis();
  const key = env.ADMIN_TOKEN ? undefined : await developmentKey(env);
  startServices(env);
  // Printed once the API answers, so that its start-up lines do not push the banner off screen.
  if (await apiAnswers()) printBanner(key);
}

/**
 * The launcher is the only one to signal what it started: they run in process groups of their own,
 * so a terminal's Ctrl-C reaches this process alone, which stops the API and the worker first (each
 * drains once, on one SIGTERM) and PostgreSQL and Redis only after them.
 */
function takeOverSignals() {
  for (const signal of SIGNALS) process.on(signal, () => void shutdown(0));
  // Should the launcher itself fail, what it started must not outlive it.
  process.on('exit', () => [...services, postgres, redis].filter(isRunning).forEach((child) => child.kill('SIGTERM')));
}

/**
 * One launcher per data directory: a second one would fight the first over PostgreSQL and the port.
 * The lock names the running launcher; one left by a launcher that was killed is taken over.
 */
function claimDataDir() {
  for (;;) {
    try {
      writeFileSync(lockFile, `${JSON.stringify({ pid: process.pid, apiUrl })}\n`, { flag: 'wx' });
      ownsLock = true;
      return;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    const holder = readLock();
    if (holder && launcherRuns(holder.pid)) {
      throw new LaunchError(
        `Another npm start is running (pid ${holder.pid}), its API at ${holder.apiUrl}: use that one, or stop it (Ctrl-C in its terminal) before starting again.`,
      );
    }
    rmSync(lockFile, { force: true });
  }
}

function readLock() {
  try {
    return JSON.parse(readFileSync(lockFile, 'utf8'));
  } catch {
    return undefined; // unreadable: half written by a launcher killed at that moment
  }
}

/** A pid is reused once its process is gone: where /proc tells, check that it is still a launcher. */
function launcherRuns(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (error.code !== 'EPERM') return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('start.mjs');
  } catch {
    return true;
  }
}

function ensureBuilt() {
  const builtAt = existsSync(path.join(root, 'dist/main.js')) ? statSync(path.join(root, 'dist/main.js')).mtimeMs : 0;
  const src = path.join(root, 'src');
  const changed = readdirSync(src, { recursive: true }).some(
    (file) => !file.endsWith('.spec.ts') && statSync(path.join(src, file)).mtimeMs > builtAt,
  );
  if (!changed) return;
  console.log('[launcher] Building: src/ changed since the last build');
  const { status, error } = spawnSync('npm', ['run', 'build:service'], { cwd: root, stdio: 'inherit' });
  if (status !== 0) throw new LaunchError(`The build failed (${error?.message ?? 'see above'}); fix it and run npm start again.`);
}

/**
 * The web console (console/, built into console/dist, which the API serves at /console): built when
 * missing or older than its sources or the client's. A failed build is reported and the API runs
 * without it (/console then says it is not built). A copy of the project without console/ skips this.
 */
function ensureConsoleBuilt() {
  const consoleDir = path.join(root, 'console');
  if (!existsSync(path.join(consoleDir, 'package.json'))) return;
  const index = path.join(consoleDir, 'dist', 'index.html');
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  const newer = (dir) =>
    existsSync(dir) && readdirSync(dir, { recursive: true }).some((file) => statSync(path.join(dir, file)).mtimeMs > builtAt);
  const sources = [path.join(consoleDir, 'src'), path.join(root, 'client', 'src')];
  if (builtAt > 0 && !sources.some(newer) && statSync(path.join(consoleDir, 'index.html')).mtimeMs <= builtAt) return;
  console.log(`[launcher] Building the web console: ${builtAt === 0 ? 'it has no build yet' : 'its sources changed since the last build'}`);
  for (const workspace of ['client', 'console']) {
    const { status } = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
    if (status !== 0) {
      console.warn('[launcher] The web console did not build (see above); the API runs without it.');
      return;
    }
  }
}

/** A random value generated on the first start and kept in the data directory for the next ones. */
function secret(name, generate) {
  const file = path.join(dataDir, name);
  if (!existsSync(file)) writeFileSync(file, `${generate()}\n`, { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/**
 * PostgreSQL from the embedded-postgres binaries, on 127.0.0.1:EMBEDDED_POSTGRES_PORT. Its URL is
 * written to the data directory, where the CLI finds it when DATABASE_URL is unset.
 */
async function startEmbeddedPostgres() {
  // PostgreSQL refuses to run as root: then it runs as the system user postgres.
  const runAs = process.getuid?.() === 0 ? postgresUser() : undefined;
  const binaries = postgresBinaries(runAs);
  const { databaseDir, reason } = clusterLocation(runAs);
  const password = clusterPassword(databaseDir, reason !== undefined);
  postgresStarting = (async () => {
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await initialiseCluster(binaries, databaseDir, password, runAs);
    await startPostgres(binaries, databaseDir, runAs);
  })();
  await postgresStarting;
  await ensureDatabase(password, 'eventstore');
  const url = `postgres://postgres:${password}@127.0.0.1:${postgresPort}/eventstore`;
  writeFileSync(path.join(dataDir, 'database-url'), `${url}\n`, { mode: 0o600 });
  console.log(`[launcher] PostgreSQL on 127.0.0.1:${postgresPort}, data in ${databaseDir}${reason ? ` (${reason})` : ''}`);
  return url;
}

function postgresUser() {
  try {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: 'pipe' })));
    return { uid, gid };
  } catch {
    throw new LaunchError('Running as root needs a system user "postgres" to run PostgreSQL as; create one or set DATABASE_URL.');
  }
}

/**
 * The binaries of @embedded-postgres/<platform>. When the postgres user cannot reach them (the
 * project is in a folder only root may enter), a copy kept beside the relocated clusters, one per
 * package version.
 */
function postgresBinaries(runAs) {
  const packageName = `@embedded-postgres/${process.platform}-${process.arch}`;
  const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.resolve(packageName))), '..');
  hydrateLibrarySymlinks(packageDir);
  let native = path.join(packageDir, 'native');
  if (runAs && firstUnreachable(path.join(native, 'bin', 'postgres'), runAs)) {
    const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
    native = copyOnce(native, path.join(ensureRelocationRoot(), `postgres-${version}-${process.platform}-${process.arch}`));
  }
  return { initdb: path.join(native, 'bin', 'initdb'), postgres: path.join(native, 'bin', 'postgres') };
}

/** npm may skip dependencies' install scripts; this redoes the binaries package's postinstall. */
function hydrateLibrarySymlinks(packageDir) {
  const links = JSON.parse(readFileSync(path.join(packageDir, 'native/pg-symlinks.json'), 'utf8'));
  for (const { source, target } of links) {
    const link = path.join(packageDir, target);
    if (!lstatSync(link, { throwIfNoEntry: false })) symlinkSync(path.relative(path.dirname(link), path.join(packageDir, source)), link);
  }
}

function copyOnce(source, target) {
  if (existsSync(target)) return target;
  const partial = `${target}.partial-${process.pid}`;
  cpSync(source, partial, { recursive: true, verbatimSymlinks: true });
  renameSync(partial, target);
  return target;
}

/**
 * The cluster lives in the data directory, unless PostgreSQL, running as the postgres user, cannot
 * reach it: then in a folder of its own under the system's temporary directory, named after the data
 * directory's path, which later starts find again (also once the data directory became reachable).
 */
function clusterLocation(runAs) {
  const inDataDir = path.join(dataDir, 'postgres');
  if (!runAs) return { databaseDir: inDataDir };
  const relocated = path.join(relocationRoot, projectFolderName(), 'postgres');
  const blocked = firstUnreachable(dataDir, runAs);
  const hasCluster = (dir) => existsSync(path.join(dir, 'PG_VERSION'));
  if (!hasCluster(relocated) && !blocked) return prepareClusterDir(inDataDir, runAs);
  if (blocked && hasCluster(inDataDir)) {
    throw new LaunchError(
      `The postgres user cannot enter ${blocked}, so it cannot use the cluster in ${inDataDir}: run chmod o+x on ${blocked} to keep it, or delete ${inDataDir} to start afresh elsewhere.`,
    );
  }
  ensureRelocationRoot();
  return {
    ...prepareClusterDir(relocated, runAs),
    reason: blocked ? `the postgres user cannot enter ${blocked}` : `kept there since the postgres user could not enter ${dataDir}`,
  };
}

/** Root creates it in a folder anyone may write to, so it must be root's alone. */
function ensureRelocationRoot() {
  mkdirSync(relocationRoot, { recursive: true });
  const stats = lstatSync(relocationRoot);
  if (!stats.isDirectory() || stats.uid !== 0)
    throw new LaunchError(`${relocationRoot} must be a directory of root's; remove it and start again.`);
  chmodSync(relocationRoot, 0o755); // whatever the umask: only root writes there, the postgres user passes through
  return relocationRoot;
}

/** `/work/my-clone/.data` gives `work-my-clone-.data-<hash of the path>`. */
function projectFolderName() {
  const readable = dataDir
    .replace(/[^A-Za-z0-9._]+/g, '-')
    .replace(/^-/, '')
    .slice(-80);
  return `${readable}-${createHash('sha256').update(dataDir).digest('hex').slice(0, 8)}`;
}

/** The first folder on the way to `target` (or `target` itself) that the user cannot enter or run. */
function firstUnreachable(target, { uid, gid }) {
  const chain = [];
  for (let dir = target; !chain.includes(dir); dir = path.dirname(dir)) chain.unshift(dir);
  return chain.find((dir) => existsSync(dir) && spawnSync('test', ['-x', dir], { uid, gid }).status !== 0);
}

/** The cluster directory must belong to the postgres user. */
function prepareClusterDir(databaseDir, runAs) {
  if (runAs) {
    mkdirSync(path.dirname(databaseDir), { recursive: true, mode: 0o755 });
    mkdirSync(databaseDir, { recursive: true, mode: 0o700 });
    chownSync(databaseDir, runAs.uid, runAs.gid);
  }
  return { databaseDir };
}

/**
 * The cluster's password is kept in the data directory. A relocated cluster whose data directory was
 * deleted (the way to reset development data) cannot be opened without it: it is deleted too.
 */
function clusterPassword(databaseDir, relocated) {
  const passwordFile = path.join(dataDir, 'postgres-password');
  if (existsSync(path.join(databaseDir, 'PG_VERSION')) && !existsSync(passwordFile)) {
    if (!relocated)
      throw new LaunchError(`${passwordFile} is missing, so ${databaseDir} cannot be used; delete that directory to start afresh.`);
    console.log(`[launcher] ${dataDir} was reset: deleting the PostgreSQL cluster it had in ${databaseDir}`);
    for (const entry of readdirSync(databaseDir)) rmSync(path.join(databaseDir, entry), { recursive: true, force: true });
  }
  return secret('postgres-password', () => randomBytes(24).toString('base64url'));
}

async function initialiseCluster(binaries, databaseDir, password, runAs) {
  console.log(`[launcher] Creating a PostgreSQL cluster in ${databaseDir}`);
  // initdb reads the password from a file the postgres user can read, removed right after.
  const passwordDir = mkdtempSync(path.join(tmpdir(), 'event-store-initdb-'));
  const passwordFile = path.join(passwordDir, 'password');
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (runAs) [passwordDir, passwordFile].forEach((file) => chownSync(file, runAs.uid, runAs.gid));
  try {
    const args = [
      `--pgdata=${databaseDir}`,
      '--auth=scram-sha-256',
      '--username=postgres',
      `--pwfile=${passwordFile}`,
      '--encoding=UTF8',
      '--locale=C',
    ];
    const { code, output } = await runToEnd(binaries.initdb, args, { cwd: path.dirname(databaseDir), ...runAs });
    if (code !== 0) throw new LaunchError(`initdb failed:\n${output}`);
  } finally {
    rmSync(passwordDir, { recursive: true, force: true });
  }
}

function runToEnd(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Resolves once the server accepts connections; its output is shown only if it does not start. */
function startPostgres(binaries, databaseDir, runAs) {
  const args = ['-D', databaseDir, '-p', String(postgresPort), '-h', '127.0.0.1', '-c', 'lc_messages=C'];
  postgres = spawn(binaries.postgres, args, {
    cwd: path.dirname(databaseDir),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...runAs,
  });
  const server = postgres;
  let output = '';
  let started = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new LaunchError(postgresStartFailure(databaseDir, output))), POSTGRES_START_TIMEOUT_MS);
    const collect = (chunk) => {
      output += chunk;
      if (output.includes('database system is ready to accept connections')) {
        started = true;
        clearTimeout(timer);
        server.stderr.off('data', collect);
        server.stderr.resume(); // its later log lines are read and dropped, so that it never blocks writing them
        resolve();
      }
    };
    server.stdout.resume();
    server.stderr.on('data', collect);
    server.on('error', (error) => reject(new LaunchError(`PostgreSQL could not be run: ${error.message}`)));
    server.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new LaunchError(postgresStartFailure(databaseDir, output)));
      if (started && !stopping) {
        console.error(`[launcher] PostgreSQL exited (${signal ?? `code ${code}`}); stopping everything.`);
        void shutdown(1);
      }
    });
  });
}

function postgresStartFailure(databaseDir, output) {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (output.includes('postmaster.pid') && existsSync(pidFile)) {
    const pid = readFileSync(pidFile, 'utf8').split('\n')[0];
    return `PostgreSQL from an earlier start still runs on ${databaseDir} (pid ${pid}); stop it with kill -INT ${pid} and start again.`;
  }
  return `PostgreSQL did not start on port ${postgresPort} (set EMBEDDED_POSTGRES_PORT to use another). Its output:\n${output}`;
}

async function ensureDatabase(password, name) {
  const client = new pg.Client({ host: '127.0.0.1', port: postgresPort, user: 'postgres', password, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

async function findOrStartRedis() {
  if (await redisAnswers(6379)) return 'redis://127.0.0.1:6379';
  const onPath = (process.env.PATH ?? '').split(path.delimiter).some((dir) => existsSync(path.join(dir, 'redis-server')));
  if (!onPath) {
    throw new LaunchError(
      'No Redis answers on 127.0.0.1:6379 and redis-server is not installed: set REDIS_URL=redis://host:port or install Redis (apt install redis-server, brew install redis).',
    );
  }
  const port = await freePort();
  const args = ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'];
  redis = spawn('redis-server', args, { stdio: 'ignore', detached: true });
  for (let attempt = 0; attempt < 50; attempt++) {
    if (await redisAnswers(port)) {
      console.log(`[launcher] Started redis-server on 127.0.0.1:${port}`);
      return `redis://127.0.0.1:${port}`;
    }
    await delay(100);
  }
  throw new LaunchError(`redis-server did not answer on port ${port} within 5 s.`);
}

function redisAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let reply = '';
    const settle = (answered) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(1000, () => settle(false));
    socket.on('error', () => settle(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk;
      if (reply.includes('\r\n')) settle(reply.startsWith('+PONG'));
    });
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** `dev:bootstrap` applies the migrations and returns the key kept in the file, or a new one. */
async function developmentKey(env) {
  const file = path.join(dataDir, 'dev-api-key');
  const cli = [path.join(root, 'dist/cli/main.js'), 'dev:bootstrap', '--file', file];
  const { stdout } = await promisify(execFile)(process.execPath, cli, { cwd: root, env }).catch((error) => {
    // RETIRED_HISTORY_MESSAGE of src/database/run-migrations.ts: a .data from a checkout before the baseline migration.
    if (String(error.stderr).includes('migrated by a development version older than 0.1.0')) {
      throw new LaunchError(
        `${dataDir} holds a database of a development version older than 0.1.0, which this one cannot migrate: delete ${dataDir} (development data only) and run npm start again.`,
      );
    }
    throw new LaunchError(`Creating the development key failed:\n${error.stderr || error.message}`);
  });
  return { file, ...JSON.parse(stdout) };
}

function startServices(env) {
  if (stopping) return; // a signal arrived while starting up
  for (const [name, script] of [
    ['API', 'start:api'],
    ['worker', 'start:worker'],
  ]) {
    // As `npm run start:api` and `npm run start:worker` run them, node's flags included.
    const { flags, file } = nodeCommand(root, script);
    const child = spawn(process.execPath, [...flags, path.join(root, file)], { cwd: root, env, stdio: 'inherit', detached: true });
    child.on('exit', (code, signal) => {
      if (stopping) return;
      console.error(`[launcher] The ${name} exited (${signal ?? `code ${code}`}); stopping everything.`);
      void shutdown(1);
    });
    services.push(child);
  }
}

/** Waits for the API's liveness answer; false if the launcher stops first. */
async function apiAnswers() {
  while (!stopping) {
    const answered = await fetch(`http://127.0.0.1:${apiPort}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return true;
    await delay(200);
  }
  return false;
}

function printBanner(key) {
  const lines = ['', `  API:           ${apiUrl}`, `  API explorer:  ${apiUrl}/docs`, `  Web console:   ${apiUrl}/console`];
  if (key) {
    const relative = path.relative(process.env.INIT_CWD ?? process.cwd(), key.file);
    const shown = relative.startsWith('..') ? key.file : relative;
    lines.push(
      `  Development API key (${key.created ? 'new' : `kept in ${shown}`}), tenant ${key.tenantId}:`,
      `    ${key.key}`,
      `  Use it in this shell:  export API_KEY=$(cat ${shown})`,
    );
  } else {
    lines.push('  ADMIN_TOKEN is set: create tenants and keys under /admin (no development key).');
  }
  console.log([...lines, ''].join('\n'));
}

async function shutdown(exitCode) {
  if (stopping) return;
  stopping = true;
  if (services.length > 0 || postgres || redis) console.log('[launcher] Stopping');
  await Promise.all(services.map((child) => stopChild(child, 'SIGTERM')));
  await postgresStarting?.catch(() => undefined);
  if (postgres) await stopChild(postgres, 'SIGINT'); // PostgreSQL's fast shutdown
  if (redis) await stopChild(redis, 'SIGTERM');
  if (ownsLock) rmSync(lockFile, { force: true });
  process.exit(exitCode);
}

function isRunning(child) {
  return child !== undefined && child.exitCode === null && child.signalCode === null;
}

function stopChild(child, signal) {
  if (!isRunning(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

main().catch((error) => {
  console.error(`[launcher] ${error instanceof LaunchError ? error.message : error.stack}`);
  void shutdown(1);
});
