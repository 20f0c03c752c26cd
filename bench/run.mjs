#!/usr/bin/env node
// `npm run bench`: starts the built API against a fresh PostgreSQL database and Redis prefix, drives
// each scenario from this process, measures the raw-SQL baseline in the same run, and writes
// bench/results/<date>-<label>.{json,md} and bench/results/latest.md. See bench/README.md.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, relative } from 'node:path';
import { Redis } from 'ioredis';
import { ApiClient, freePort, ServiceProcess } from './lib/api-process.mjs';
import { installExitHandlers, onCleanup, runBenchmark } from './lib/cleanup.mjs';
import { readConfig, ROOT } from './lib/config.mjs';
import {
  createDatabase,
  databaseCounters,
  databaseUrl,
  dropDatabase,
  migrate,
  openPool,
  serverFacts,
  verifyStore,
} from './lib/database.mjs';
import { drive } from './lib/load.mjs';
import { explainReads, PRELOAD_TYPES, preloadStore } from './lib/preload.mjs';
import { ProcessSampler, round } from './lib/process-metrics.mjs';
import { collectProfile } from './lib/profile-summary.mjs';
import { renderMarkdown } from './lib/report.mjs';
import { DCB_SCENARIOS, explainDcb } from './scenarios/dcb.mjs';
import { STREAM_SCENARIOS } from './scenarios/streams.mjs';
import { WEBHOOK_SCENARIOS } from './scenarios/webhooks.mjs';
import { WEBSOCKET_SCENARIOS } from './scenarios/websockets.mjs';
import { preloadDcbStore } from './lib/dcb-preload.mjs';
import { orderEventSizes } from './lib/events.mjs';
import { preloadOrderStream } from './lib/preload-orders.mjs';
import { REALISTIC_SCENARIOS } from './scenarios/realistic.mjs';

const RATE_LIMIT = '100000000';
const log = (message) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

function selectScenarios(all, wanted) {
  if (wanted.length === 0) return all;
  const chosen = all.filter((scenario) => wanted.includes(scenario.id) || wanted.includes(scenario.name));
  const unknown = wanted.filter((name) => !all.some((scenario) => scenario.id === name || scenario.name === name));
  if (unknown.length)
    throw new Error(`unknown scenario(s) ${unknown.join(', ')}; known: ${all.map((s) => `${s.id}=${s.name}`).join(', ')}`);
  return chosen;
}

/** The middle value; with an even count, the mean of the middle two. */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The ratios a scenario reports: every runner but the baseline ÷ the baseline, and the service ÷ every peer. */
function ratioPairs(runners) {
  const overBaseline = runners.includes('baseline')
    ? runners.filter((runner) => runner !== 'baseline').map((runner) => [runner, 'baseline'])
    : [];
  const servicePerPeer = runners.includes('service')
    ? runners.filter((runner) => runner !== 'baseline' && runner !== 'service').map((runner) => ['service', runner])
    : [];
  return [...overBaseline, ...servicePerPeer];
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildFacts() {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8', timeout: 5000 }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { cwd: ROOT, encoding: 'utf8', timeout: 5000 }).trim();
    if (dirty) commit += ' (src/ has uncommitted changes)';
  } catch {
    // not a git checkout
  }
  const distBuilt = statSync(join(ROOT, 'dist', 'main.js')).mtimeMs;
  const srcChanged = newestMtime(join(ROOT, 'src'));
  return {
    commit,
    distBuiltAt: new Date(distBuilt).toISOString(),
    newestSrcChange: new Date(srcChanged).toISOString(),
    distOlderThanSrc: distBuilt < srcChanged,
  };
}

async function deleteRedisKeys(url, prefix) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000, retryStrategy: () => null });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

async function main() {
  const config = readConfig();
  installExitHandlers(config.timeoutMs);
  const scenarios = selectScenarios(
    [...STREAM_SCENARIOS, ...DCB_SCENARIOS, ...WEBHOOK_SCENARIOS, ...WEBSOCKET_SCENARIOS, ...REALISTIC_SCENARIOS],
    config.scenarios,
  );
  // The group that runs (`all` when more than one does): the report's title, and the file label unless BENCH_LABEL names one.
  const groups = Object.entries({
    streams: STREAM_SCENARIOS,
    dcb: DCB_SCENARIOS,
    webhooks: WEBHOOK_SCENARIOS,
    websockets: WEBSOCKET_SCENARIOS,
    '1kb': REALISTIC_SCENARIOS,
  }).filter(([, group]) => scenarios.some((scenario) => group.includes(scenario)));
  const group = groups.length === 1 ? groups[0][0] : 'all';
  config.label ||= group;
  const startedAt = new Date();
  const started = performance.now();
  const url = databaseUrl(config.postgresUrl, config.databaseName);
  const secrets = { JWT_SECRET: randomBytes(32).toString('hex'), ADMIN_TOKEN: randomBytes(16).toString('hex') };
  const build = buildFacts();
  if (build.distOlderThanSrc) log(`warning: dist/ (built ${build.distBuiltAt}) is older than src/ (changed ${build.newestSrcChange})`);

  log(`database ${config.databaseName}, Redis prefix ${config.redisPrefix}; scenarios ${scenarios.map((s) => s.name).join(', ')}`);
  await createDatabase(config.postgresUrl, config.databaseName);
  if (config.keepDatabase) log(`BENCH_KEEP_DB=1: keeping ${url}`);
  else onCleanup('drop database', () => dropDatabase(config.postgresUrl, config.databaseName), 30_000);
  onCleanup('delete Redis keys', () => deleteRedisKeys(config.redisUrl, config.redisPrefix));

  await migrate(url, secrets);
  const admin = await openPool(url, 2, 600_000);
  onCleanup('close admin pool', () => admin.end());

  // The API, exactly as production starts it (plus, with BENCH_CPU_PROFILE=1, a profiler preload).
  const profileDir = join(config.resultsDir, 'profiles');
  if (config.cpuProfile) mkdirSync(profileDir, { recursive: true });
  const profiling = config.cpuProfile
    ? { NODE_OPTIONS: `--require ${join(ROOT, 'bench', 'lib', 'cpu-profile-preload.cjs')}`, BENCH_PROFILE_DIR: profileDir }
    : {};
  const port = await freePort();
  const apiOrigin = `http://127.0.0.1:${port}`;
  const serviceEnv = {
    ...secrets,
    DATABASE_URL: url,
    REDIS_URL: config.redisUrl,
    REDIS_PREFIX: config.redisPrefix,
    // The webhook scenarios' receiver listens on 127.0.0.1, which the SSRF guard refuses otherwise.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  };
  const api = new ServiceProcess('start:api', {
    ...serviceEnv,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_REQUESTS_PER_MINUTE: RATE_LIMIT,
    RATE_LIMIT_EVENTS_PER_MINUTE: RATE_LIMIT,
    // The fan-out scenario opens 200 sockets with one key.
    WS_MAX_CONNECTIONS_PER_KEY: RATE_LIMIT,
    // The number of API processes (node:cluster workers above 1): 1 unless the bench is given a count.
    WEB_CONCURRENCY: config.webConcurrency,
    ...profiling,
  });
  onCleanup('stop API', () => api.stop());
  await api.waitUntilHealthy(`${apiOrigin}/health/ready`);
  log(`API pid ${api.pid} on ${apiOrigin}`);

  const setup = new ApiClient(apiOrigin, { connections: 2, timeoutMs: config.requestTimeoutMs });
  onCleanup('close setup client', () => setup.close());
  const asAdmin = { token: secrets.ADMIN_TOKEN };
  const tenant = await setup.expect(201, 'POST', '/admin/tenants', { ...asAdmin, body: { name: `bench-${config.runId}` } });
  const { key: apiKey } = await setup.expect(201, 'POST', `/admin/tenants/${tenant.id}/api-keys`, {
    ...asAdmin,
    body: { name: 'bench', scopes: ['read', 'write', 'admin'] },
  });
  const createStore = async (name) => (await setup.expect(201, 'POST', '/event-stores', { token: apiKey, body: { name } })).id;

  const results = {
    label: config.label,
    group,
    date: startedAt.toISOString().slice(0, 10),
    startedAt: startedAt.toISOString(),
    settings: {
      durationS: config.durationMs / 1000,
      warmupS: config.warmupMs / 1000,
      rounds: config.rounds,
      scenarios: scenarios.map((s) => s.name),
      preloadEvents: config.preloadEvents,
      preloadStreams: config.preloadStreams,
      dcbPreloadEvents: config.dcbPreloadEvents,
      postgresHost: new URL(config.postgresUrl).host,
      rateLimit: RATE_LIMIT,
      webConcurrency: config.webConcurrency,
      apiNodeFlags: api.nodeFlags,
      ...(scenarios.some((scenario) => REALISTIC_SCENARIOS.includes(scenario)) && {
        preload1kbEvents: config.preload1kbEvents,
        orderEventSizes: orderEventSizes(),
      }),
    },
    machine: {
      nproc: os.availableParallelism(),
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGb: round(os.totalmem() / 2 ** 30),
      kernel: `${os.type()} ${os.release()}`,
      node: process.version,
      loadAverageAtStart: os.loadavg().map((value) => round(value, 2)),
      postgres: await serverFacts(admin),
    },
    build,
    scenarios: [],
  };

  /** The webhook worker as production starts it; the scenario that starts one stops it too. */
  const startWorker = async () => {
    // LOG_LEVEL=info, not warn: `Worker ready` is an info line (the others are startup and shutdown only).
    const worker = new ServiceProcess('start:worker', { ...serviceEnv, LOG_LEVEL: 'info' });
    onCleanup('stop worker', () => worker.stop());
    await worker.waitForOutput('Worker ready');
    log(`  worker pid ${worker.pid} ready`);
    return worker;
  };

  const ctx = {
    config,
    apiOrigin,
    apiKey,
    apiPid: api.pid,
    databaseUrl: url,
    admin,
    log,
    createStore,
    startWorker,
    preload: null,
    dcbPreload: null,
    preload1kb: null,
  };
  const ensureDcbPreload = async () => {
    if (ctx.dcbPreload) return;
    log(
      `preloading the DCB store: ${config.dcbPreloadEvents} tagged events (trigger events_index_tags disabled meanwhile; no appends run)…`,
    );
    const storeId = await createStore('dcb-preloaded');
    const preload = await preloadDcbStore(admin, storeId, { events: config.dcbPreloadEvents, log });
    ctx.dcbPreload = { storeId, ...preload };
    results.dcbPreload = preload;
    log(
      `DCB store loaded: ${preload.tagRows} tag rows, ${preload.distinctTags} distinct tags; events ${preload.eventsInsertSeconds} s, event_tags ${preload.sideTableInsertSeconds} + ${preload.sideTablePkBuildSeconds} s, VACUUM ANALYZE ${preload.vacuumAnalyzeSeconds} s`,
    );
    results.dcbExplain = await explainDcb(admin, storeId, preload.events);
    for (const plan of results.dcbExplain) log(`  plan ${plan.name}: ${plan.executionMs} ms`);
  };
  const ensurePreload1kb = async () => {
    if (ctx.preload1kb) return;
    log(`preloading one stream of ${config.preload1kbEvents} 1 KB order events…`);
    const storeId = await createStore('preloaded-1kb');
    const preload = await preloadOrderStream(admin, storeId, { events: config.preload1kbEvents });
    ctx.preload1kb = { storeId, ...preload };
    results.preload1kb = preload;
    log(
      `1 KB store loaded in ${preload.insertSeconds} s (+${preload.vacuumAnalyzeSeconds} s VACUUM ANALYZE): ${preload.events} events, mean ${preload.meanSizeBytes} bytes of data + metadata`,
    );
  };
  const ensurePreload = async () => {
    if (ctx.preload) return;
    log(`preloading ${config.preloadEvents} events into ${config.preloadStreams} streams…`);
    const storeId = await createStore('preloaded');
    const preload = await preloadStore(admin, storeId, { events: config.preloadEvents, streams: config.preloadStreams });
    ctx.preload = { storeId, ...preload };
    results.preload = { ...preload, types: PRELOAD_TYPES.length };
    log(
      `preloaded in ${preload.insertSeconds} s (+${preload.vacuumAnalyzeSeconds} s VACUUM ANALYZE), events table ${preload.eventsTableMb} MB; explaining reads…`,
    );
    results.explain = await explainReads(admin, storeId, preload);
    for (const plan of results.explain) log(`  plan ${plan.name}: ${plan.verdict}`);
  };

  /**
   * One measured run of one runner of a scenario, on its own store (none for a peer that keeps its own
   * tables: `store: 'none'`), with the runner's own client count if it has one (a peer's concurrency).
   */
  const runOnce = async (scenario, runner, round_) => {
    const suffix = config.rounds > 1 ? `-r${round_}` : '';
    const clients = runner.clients ?? scenario.clients;
    const storeId =
      runner.store === 'preload'
        ? ctx.preload.storeId
        : runner.store === 'dcb-preload'
          ? ctx.dcbPreload.storeId
          : runner.store === 'preload-1kb'
            ? ctx.preload1kb.storeId
            : runner.store === 'none'
              ? null
              : await createStore(`${scenario.id}-${runner.runner.replace('@', '-c')}${suffix}-${config.runId}`);
    log(
      `${scenario.name} / ${runner.runner}${config.rounds > 1 ? ` (round ${round_})` : ''}: ${clients} clients, ${config.warmupMs / 1000}+${config.durationMs / 1000} s`,
    );
    let session;
    try {
      session = await runner.start(ctx, storeId, clients);
      // The API and any process it forks (node:cluster workers under WEB_CONCURRENCY).
      const sampler = new ProcessSampler(api.pid, { tree: true });
      // This process: the load generator, and the whole client for a peer that runs in it (emmett).
      const benchSampler = new ProcessSampler(process.pid);
      const profile = config.cpuProfile && runner.runner === 'service' && round_ === 1;
      const counters = {};
      const run = await drive({
        concurrency: clients,
        warmupMs: config.warmupMs,
        durationMs: config.durationMs,
        drainTimeoutMs: config.drainTimeoutMs,
        op: session.op,
        onWindowStart: () => {
          counters.start = databaseCounters(admin);
          sampler.markWindowStart();
          benchSampler.markWindowStart();
          if (profile) api.child.kill('SIGWINCH');
        },
        onWindowEnd: () => {
          counters.end = databaseCounters(admin);
          sampler.markWindowEnd();
          benchSampler.markWindowEnd();
          if (profile) api.child.kill('SIGWINCH');
        },
      });
      run.api = sampler.stop();
      run.bench = benchSampler.stop();
      if (session.about) run.about = session.about;
      if (counters.start && counters.end) {
        const [before, after] = await Promise.all([counters.start, counters.end]);
        const perRequest = (key) => round((after[key] - before[key]) / Math.max(1, run.measured.requests), 2);
        // Approximate: PostgreSQL publishes these counters about once a second per connection.
        run.database = {
          transactionsPerRequest: perRequest('transactions'),
          rollbacksPerRequest: perRequest('rollbacks'),
          rowsReadPerRequest: perRequest('rows_read'),
          rowsInsertedPerRequest: perRequest('rows_inserted'),
          rowsUpdatedPerRequest: perRequest('rows_updated'),
        };
      }
      if (run.api.cpuPercentOfOneCore !== undefined && run.measured.requests > 0) {
        run.api.cpuMsPerRequest = round((run.api.cpuPercentOfOneCore * 10 * run.durationS) / run.measured.requests, 3);
      }
      if (profile) {
        const file = join(profileDir, `${results.date}-${scenario.name}.cpuprofile`);
        run.profile = { file: relative(ROOT, file), ...(await collectProfile(profileDir, file)) };
      }
      if (storeId !== null) run.storeId = storeId;
      if (session.verify) run.verification = await session.verify(run);
      else if (scenario.kind === 'write') run.verification = await verifyStore(admin, storeId, run.total.events, run.total.unknownOutcomes);
      const v = run.verification;
      log(
        `  ${round(run.eventsPerSecond)} events/s, ${round(run.requestsPerSecond)} req/s, p50 ${run.latencyMs.p50} p99 ${run.latencyMs.p99} ms, ` +
          `errors ${run.measured.errorCount}, retries ${run.measured.retries}, API peak RSS ${run.api.peakRssMb} MB` +
          `${run.api.processes > 1 ? ` over ${run.api.processes} processes (largest ${run.api.peakLargestProcessRssMb} MB)` : ''}, API CPU ${run.api.cpuPercentOfOneCore}%, bench CPU ${run.bench.cpuPercentOfOneCore}%` +
          (run.database ? `, ≈${run.database.transactionsPerRequest} DB transactions/request` : '') +
          (v?.peer
            ? `, ${v.peer}: stored ${v.events}/${v.acknowledgedEvents} acked, streams 1..version ${v.streamsConsistent}, global positions unique ${v.globalPositionsUnique}`
            : v
              ? `, gap-free ${v.gapFree}, stored ${v.events}/${v.acknowledgedEvents} acked`
              : '') +
          (run.drained ? '' : ', WORKERS DID NOT DRAIN'),
      );
      if (run.firstErrors.length) log(`  first errors: ${JSON.stringify(run.firstErrors.slice(0, 2))}`);
      return run;
    } catch (error) {
      log(`  failed: ${error.stack ?? error}`);
      return { failed: String(error.message ?? error), clients };
    } finally {
      await session?.close?.().catch((error) => log(`  closing ${runner.runner} failed: ${error?.message ?? error}`));
    }
  };

  /**
   * A webhook or WebSocket scenario drives the API (and a worker) itself, on a store of its own, once
   * whatever BENCH_ROUNDS says. With BENCH_CPU_PROFILE=1 a scenario that calls `profileWindow()` at its
   * measured window's start and end (j; h and i do not) gets the API's profile over that window.
   */
  const runSelfDrivenScenario = async (scenario) => {
    log(`${scenario.name}: ${scenario.summary}`);
    let profileMarks = 0;
    const profileWindow = () => {
      if (!config.cpuProfile) return;
      profileMarks++;
      api.child.kill('SIGWINCH');
    };
    try {
      const run = await scenario.measure({ ...ctx, profileWindow });
      // Only a start and an end make the API write a profile; without them there is nothing to wait for.
      if (profileMarks === 2) {
        const file = join(profileDir, `${results.date}-${scenario.name}.cpuprofile`);
        run.profile = { file: relative(ROOT, file), ...(await collectProfile(profileDir, file)) };
      }
      return run;
    } catch (error) {
      log(`  failed: ${error.stack ?? error}`);
      return { failed: String(error.message ?? error) };
    }
  };

  /** A run's outcome, unless the API died during it: then the whole bench stops (nothing after it would be measured). */
  const unlessApiExited = (scenario, outcome) => {
    if (!api.running) throw new Error(`the API exited during ${scenario.name}:\n${api.output}`);
    return outcome;
  };

  for (const scenario of scenarios) {
    if (scenario.needsPreload) await ensurePreload();
    if (scenario.needsDcbPreload) await ensureDcbPreload();
    if (scenario.needsPreload1kb) await ensurePreload1kb();
    const entry = {
      id: scenario.id,
      name: scenario.name,
      kind: scenario.kind,
      clients: scenario.clients,
      summary: scenario.summary,
      runs: {},
      ratios: {},
    };
    results.scenarios.push(entry);
    if (scenario.kind === 'webhook' || scenario.kind === 'websocket') {
      entry.runs.service = unlessApiExited(scenario, await runSelfDrivenScenario(scenario));
      continue;
    }
    // With BENCH_ROUNDS > 1 the runners alternate (service, baseline, service, …) and the run with the
    // median events/s (the lower middle one) represents each runner; every round's figure stays in `roundsEventsPerSecond`.
    const rounds = new Map(scenario.runners.map((runner) => [runner.runner, []]));
    for (let round_ = 1; round_ <= config.rounds; round_++) {
      for (const runner of scenario.runners)
        rounds.get(runner.runner).push(unlessApiExited(scenario, await runOnce(scenario, runner, round_)));
    }
    for (const [name, runs] of rounds) {
      const ok = runs.filter((run) => !run.failed).sort((a, b) => a.eventsPerSecond - b.eventsPerSecond);
      const chosen = ok.length ? ok[Math.floor((ok.length - 1) / 2)] : runs[0];
      if (config.rounds > 1) chosen.roundsEventsPerSecond = runs.map((run) => run.eventsPerSecond ?? null);
      if (runs.some((run) => run.verification)) chosen.verificationAllRounds = runs.map((run) => run.verification ?? null);
      entry.runs[name] = chosen;
    }
    // A swept baseline or peer (`baseline@4` … `baseline@64`) is represented by its best connection count: the
    // one with the highest median events/s. Its runs stand for `baseline` (or the peer) in the table and the
    // ratios; every count's figures stay in `entry.sweeps`.
    for (const family of new Set(scenario.runners.filter((runner) => runner.sweep).map((runner) => runner.sweep))) {
      const members = scenario.runners.filter((runner) => runner.sweep === family).map((runner) => runner.runner);
      const byConnections = members.map((name) => {
        const perRound = rounds.get(name).map((run) => (run.eventsPerSecond === undefined ? null : round(run.eventsPerSecond)));
        const known = perRound.filter((value) => value !== null);
        return {
          name,
          connections: entry.runs[name].clients,
          eventsPerSecond: known.length ? round(median(known)) : null,
          rounds: perRound,
        };
      });
      const best =
        byConnections.filter((sweep) => sweep.eventsPerSecond !== null).sort((a, b) => b.eventsPerSecond - a.eventsPerSecond)[0] ??
        byConnections[0];
      entry.runs[family] = { ...entry.runs[best.name], sweepWinner: best.connections };
      rounds.set(family, rounds.get(best.name));
      for (const name of members) {
        delete entry.runs[name];
        rounds.delete(name);
      }
      (entry.sweeps ??= {})[family] = {
        winner: best.connections,
        byConnections: byConnections.map((sweep) => ({
          connections: sweep.connections,
          eventsPerSecond: sweep.eventsPerSecond,
          rounds: sweep.rounds,
        })),
      };
      log(
        `  ${family} sweep: ${byConnections.map((s) => `${s.connections}→${s.eventsPerSecond}`).join(', ')}; best ${best.connections} connections`,
      );
    }
    // Every other runner against the baseline, and the service against every peer (a runner that is
    // neither: emmett); a peer may run at its own concurrency (`clients`). Round r of one runner against
    // round r of the other, which ran next to it, so drift between rounds does not enter a ratio; the
    // median of those per-round ratios is reported (the two median runs may come from different rounds).
    if (config.rounds > 1) entry.roundsRatios = {};
    for (const [numerator, denominator] of ratioPairs([...rounds.keys()])) {
      const perRound = rounds.get(numerator).map((run, r) => {
        const other = rounds.get(denominator)[r];
        return run.eventsPerSecond !== undefined && other.eventsPerSecond > 0 ? run.eventsPerSecond / other.eventsPerSecond : null;
      });
      const known = perRound.filter((ratio) => ratio !== null);
      if (!known.length) continue;
      entry.ratios[`${numerator}/${denominator}`] = round(median(known), 2);
      if (entry.roundsRatios)
        entry.roundsRatios[`${numerator}/${denominator}`] = perRound.map((ratio) => (ratio === null ? null : round(ratio, 2)));
    }
    if (Object.keys(entry.ratios).length) {
      const perRound = (name) => (entry.roundsRatios ? ` (rounds ${entry.roundsRatios[name].join(', ')})` : '');
      log(
        `  ratios ${Object.entries(entry.ratios)
          .map(([name, ratio]) => `${name} ${ratio}${perRound(name)}`)
          .join(', ')}`,
      );
    }
  }

  results.finishedAt = new Date().toISOString();
  results.totalSeconds = round((performance.now() - started) / 1000);
  results.apiLogTail = api.output.slice(-4000);
  const base = `${results.date}-${config.label}`;
  results.files = { json: `${base}.json`, markdown: `${base}.md` };
  const markdown = renderMarkdown(results);
  mkdirSync(config.resultsDir, { recursive: true });
  writeFileSync(join(config.resultsDir, results.files.json), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(config.resultsDir, results.files.markdown), markdown);
  writeFileSync(join(config.resultsDir, 'latest.md'), markdown);
  log(`wrote ${join(config.resultsDir, results.files.markdown)} and .json, and latest.md`);
  return markdown;
}

runBenchmark('bench', main);
