// Settings of one bench run, all from the environment (see bench/README.md).
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function positiveNumber(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got '${raw}'`);
  return value;
}

/**
 * The connection counts the 1 KB group's baselines and peer are swept over (BENCH_SWEEP_CONNECTIONS, e.g.
 * "4,16"; default 4, 8, 16, 32, 64). A shorter list is for quick comparisons between two builds; a
 * baseline is only at its best over the full sweep.
 */
export function sweepConnections() {
  const raw = process.env.BENCH_SWEEP_CONNECTIONS;
  if (!raw) return [4, 8, 16, 32, 64];
  const counts = raw.split(',').map((s) => Number(s.trim()));
  if (counts.some((n) => !Number.isInteger(n) || n <= 0))
    throw new Error(`BENCH_SWEEP_CONNECTIONS must list positive integers, got '${raw}'`);
  return counts;
}

export function readConfig() {
  const runId = randomBytes(4).toString('hex');
  const config = {
    runId,
    postgresUrl: process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379',
    redisPrefix: `bench-${runId}`,
    databaseName: `bench_${runId}`,
    durationMs: positiveNumber('BENCH_DURATION_S', 10) * 1000,
    warmupMs: positiveNumber('BENCH_WARMUP_S', 2) * 1000,
    // Alternating rounds per runner; the median run is reported (1 keeps the whole run near 2.5 min).
    rounds: Math.round(positiveNumber('BENCH_ROUNDS', 1)),
    // Only scenarios named here run ("a,b" or "append-single-64c,read-by-type"); empty means all.
    scenarios: (process.env.BENCH_SCENARIOS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    preloadEvents: Math.round(positiveNumber('BENCH_PRELOAD_EVENTS', 1_000_000)),
    preloadStreams: Math.round(positiveNumber('BENCH_PRELOAD_STREAMS', 500)),
    // The DCB scenarios' store (f, g): tagged events with ~1M distinct tags.
    dcbPreloadEvents: Math.round(positiveNumber('BENCH_DCB_PRELOAD_EVENTS', 5_000_000)),
    // The 1 KB read scenarios' store (n, o): one stream of 1 KB order events.
    preload1kbEvents: Math.round(positiveNumber('BENCH_1KB_PRELOAD_EVENTS', 100_000)),
    // WEB_CONCURRENCY for the API (its number of processes): BENCH_WEB_CONCURRENCY, else WEB_CONCURRENCY, else 1,
    // so that a run stays comparable with the single-process results unless several processes are asked for
    // (the API's own default is one process per CPU).
    webConcurrency: process.env.BENCH_WEB_CONCURRENCY || process.env.WEB_CONCURRENCY || '1',
    // Whole-run watchdog: past it everything is stopped and the database dropped. An hour: the 1 KB
    // group sweeps its baselines over five connection counts and takes ~25 min at 3 rounds of 2 + 10 s.
    timeoutMs: positiveNumber('BENCH_TIMEOUT_S', 3600) * 1000,
    resultsDir: process.env.BENCH_RESULTS_DIR || join(ROOT, 'bench', 'results'),
    // Empty: `streams`, `dcb`, `webhooks`, `websockets`, `1kb` or `all` after the scenarios chosen (see run.mjs).
    label: process.env.BENCH_LABEL || null,
    keepDatabase: process.env.BENCH_KEEP_DB === '1',
    // Profiles the API's CPU during each service run's measured window (bench/results/profiles/).
    cpuProfile: process.env.BENCH_CPU_PROFILE === '1',
    requestTimeoutMs: 30_000,
    drainTimeoutMs: 30_000,
  };
  // n and o read full pages of 1000 events of one of 10 types, so the stream needs 10 × 1000 at least.
  if (config.preload1kbEvents < 10_000) throw new Error(`BENCH_1KB_PRELOAD_EVENTS must be at least 10000, got ${config.preload1kbEvents}`);
  return config;
}
