#!/usr/bin/env node
// `npm run bench:dcb-index`: DCB tag storage chosen by measurement (issue 4, Scope item 4). On a scratch
// database migrated with `node dist/database/migrate.js`, loads one store of BENCH_DCB_INDEX_EVENTS
// (default 5,000,000) events carrying ~1,000,000 distinct tags, and compares on the same data
//   B  the implemented side table event_tags (event_store_id, tag, global_position) INCLUDE (type),
//      kept by the statement trigger events_index_tags and queried through dcb_matching_positions;
//   A  a GIN index on events (tags) (and, if the btree_gin extension is available, a GIN index on
//      events (event_store_id, tags)), queried with `tags @> ARRAY[…]` and `global_position > $after`;
// for (a) condition checks, (b) two-item type+tag queries, (c) single-event appends with 1–3 tags, plus
// index build times and sizes, with EXPLAIN (ANALYZE, BUFFERS). Writes bench/results/<date>-dcb-tag-index.{json,md}.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { installExitHandlers, onCleanup, runBenchmark } from './lib/cleanup.mjs';
import { ROOT } from './lib/config.mjs';
import { createDatabase, databaseUrl, dropDatabase, migrate, openPool, serverFacts } from './lib/database.mjs';
import { DCB_COHORT_SPAN, DCB_REGIONS, preloadDcbStore, randomTags, relationSizes, sampleEvents } from './lib/dcb-preload.mjs';
import {
  dcbEventJson,
  ginCondition,
  ginRead,
  matchingPositionsSql,
  SERVICE_APPEND_DCB,
  SERVICE_DCB_CONDITION,
  SERVICE_DCB_READ,
} from './lib/dcb-sql.mjs';
import { percentiles } from './lib/load.mjs';
import { PRELOAD_TYPES } from './lib/preload.mjs';
import { round } from './lib/process-metrics.mjs';

const env = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const config = {
  postgresUrl: process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  databaseName: `bench_${randomBytes(4).toString('hex')}`,
  events: env('BENCH_DCB_INDEX_EVENTS', 5_000_000),
  reps: env('BENCH_DCB_INDEX_REPS', 200),
  caseBudgetMs: env('BENCH_DCB_INDEX_CASE_S', 10) * 1000,
  appendClients: env('BENCH_DCB_INDEX_APPEND_CLIENTS', 8),
  appendSeconds: env('BENCH_DCB_INDEX_APPEND_S', 8),
  appendRounds: env('BENCH_DCB_INDEX_APPEND_ROUNDS', 3),
  btreeGin: process.env.BENCH_DCB_INDEX_BTREE_GIN !== '0',
  timeoutMs: env('BENCH_TIMEOUT_S', 1800) * 1000,
  keepDatabase: process.env.BENCH_KEEP_DB === '1',
  resultsDir: process.env.BENCH_RESULTS_DIR || join(ROOT, 'bench', 'results'),
};
const log = (message) => console.error(`[dcb-index ${new Date().toISOString().slice(11, 19)}] ${message}`);
const pick = (array) => array[Math.floor(Math.random() * array.length)];
const recentWindow = 1000;

// ---------------------------------------------------------------------------------------------------
// Read cases: each returns the service's (B) and the GIN (A) statement for random realistic parameters.

function readCases(storeId, lastPosition, sample) {
  const userTag = () => `user:${1 + Math.floor(Math.random() * 1_000_000)}`;
  const regionTag = () => `region:${Math.floor(Math.random() * DCB_REGIONS)}`;
  const rareType = PRELOAD_TYPES.at(-1)[0];
  const condition = (items, after) => ({
    side: {
      text: SERVICE_DCB_CONDITION,
      values: [storeId, JSON.stringify(items), after],
      explain: { text: matchingPositionsSql(items), values: [storeId, after, 100] },
    },
    gin: (({ text, extra }) => ({ text, values: [storeId, after, 100, ...extra] }))(ginCondition(items)),
  });
  const read = (items, after, limit = 100) => ({
    side: {
      text: SERVICE_DCB_READ,
      values: [storeId, JSON.stringify(items), after, limit],
      explain: { text: matchingPositionsSql(items), values: [storeId, after, limit] },
    },
    gin: (({ text, extra }) => ({ text, values: [storeId, after, limit, ...extra] }))(ginRead(items)),
  });
  const twoTypedItems = () => {
    const [x, y] = [pick(sample), pick(sample)];
    return [
      { types: [x.type], tags: [x.tags.find((t) => t.startsWith('user:'))] },
      { types: [y.type], tags: [y.tags.find((t) => t.startsWith('user:'))] },
    ];
  };
  return [
    {
      id: 'a1',
      group: 'a',
      name: 'condition, one user tag (~5 events), after = recent',
      make: () => condition([{ tags: [userTag()] }], lastPosition() - recentWindow),
    },
    { id: 'a2', group: 'a', name: 'condition, one user tag (~5 events), after = 0', make: () => condition([{ tags: [userTag()] }], 0) },
    {
      id: 'a3',
      group: 'a',
      name: `condition, one low-cardinality tag (region, ~${Math.round(config.events / 2 / DCB_REGIONS / 1000)}k events), after = 0`,
      make: () => condition([{ tags: [regionTag()] }], 0),
    },
    {
      id: 'a4',
      group: 'a',
      name: 'condition, one low-cardinality tag (region), after = recent',
      make: () => condition([{ tags: [regionTag()] }], lastPosition() - recentWindow),
    },
    {
      id: 'a5',
      group: 'a',
      name: `condition, one time-clustered tag (cohort, ~${Math.round(DCB_COHORT_SPAN / 3 / 1000)}k events within ${DCB_COHORT_SPAN / 1000}k positions, one of the 10 newest), after = 0`,
      make: () => condition([{ tags: [`cohort:${Math.floor(config.events / DCB_COHORT_SPAN) - 1 - Math.floor(Math.random() * 10)}`] }], 0),
    },
    {
      id: 'a6',
      group: 'a',
      name: 'condition, one item with two tags (region AND user, ANDed), after = 0',
      make: () => {
        const x = pick(sample);
        return condition(
          [{ tags: [x.tags.find((t) => t.startsWith('region:')) ?? regionTag(), x.tags.find((t) => t.startsWith('user:'))] }],
          0,
        );
      },
    },
    {
      id: 'b1',
      group: 'b',
      name: 'query of two items type+user tag (events that exist), after = 0, limit 100',
      make: () => read(twoTypedItems(), 0),
    },
    {
      id: 'b2',
      group: 'b',
      name: `query of two items type+region tag (rare type ${rareType} + common type), after = 0, limit 100`,
      make: () =>
        read(
          [
            { types: [rareType], tags: [regionTag()] },
            { types: [PRELOAD_TYPES[0][0]], tags: [regionTag()] },
          ],
          0,
        ),
    },
  ];
}

async function timeCase(client, statement, makeStatement) {
  const latencies = [];
  const began = performance.now();
  for (let i = 0; i < 10; i++) await client.query(makeStatement().text, makeStatement().values).catch(() => {}); // warm-up (discarded)
  let rows = 0;
  for (let i = 0; i < config.reps && (i < 30 || performance.now() - began < config.caseBudgetMs); i++) {
    const { text, values } = makeStatement();
    const t0 = performance.now();
    const result = await client.query(text, values);
    latencies.push(performance.now() - t0);
    rows += Array.isArray(result.rows[0]?.positions) ? result.rows[0].positions.length : result.rowCount;
  }
  return { reps: latencies.length, meanRows: round(rows / latencies.length, 1), latencyMs: percentiles(latencies) };
}

async function explain(client, { text, values }) {
  const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
  const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
  const buffers = [...plan.matchAll(/Buffers: shared (?:hit=(\d+))?\s*(?:read=(\d+))?/g)][0];
  const time = plan.match(/Execution Time: ([\d.]+)/);
  return {
    plan,
    executionMs: time ? Number(time[1]) : null,
    topBuffers: buffers ? { hit: Number(buffers[1] ?? 0), read: Number(buffers[2] ?? 0) } : null,
  };
}

/** Runs every read case for one design; `variant` is 'side' or 'gin'. */
async function measureReads(pool, cases, variant, label) {
  const client = await pool.connect();
  const out = {};
  try {
    await client.query(`SET statement_timeout = '60s'`);
    for (const c of cases) {
      const timing = await timeCase(client, null, () => c.make()[variant]);
      const probe = c.make()[variant];
      const plan = await explain(client, probe.explain ?? probe);
      out[c.id] = {
        ...timing,
        explain: plan,
        explainedSql: (probe.explain ?? probe).text,
        explainedValues: (probe.explain ?? probe).values,
      };
      log(
        `  ${label} ${c.id}: p50 ${timing.latencyMs.p50} ms, p99 ${timing.latencyMs.p99} ms (${timing.reps} reps, ${timing.meanRows} rows avg)`,
      );
    }
  } finally {
    client.release();
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Appends: `appendClients` connections each looping single-event DCB appends through append_batch (1–3 tags, no condition).

async function measureAppends(pool, storeId, label, roundCount = config.appendRounds) {
  const types = PRELOAD_TYPES.map(([type]) => type);
  const runOnce = async () => {
    await pool.query('CHECKPOINT'); // every round starts without pending dirty pages and pays its own full-page writes
    const latencies = [];
    let events = 0;
    const walStart = (await pool.query('SELECT pg_current_wal_insert_lsn() AS lsn')).rows[0].lsn;
    const warmEnd = performance.now() + 1500;
    let walAtWindow = null;
    const end = warmEnd + config.appendSeconds * 1000;
    const worker = async () => {
      while (performance.now() < end) {
        const { event, sizeBytes } = dcbEventJson(randomTags(), pick(types), events);
        const body = JSON.stringify([event]);
        const t0 = performance.now();
        await pool.query(SERVICE_APPEND_DCB, [storeId, body, null, sizeBytes]);
        const t1 = performance.now();
        if (t1 >= warmEnd && t1 <= end) {
          latencies.push(t1 - t0);
          events++;
        }
      }
    };
    const marker = setTimeout(async () => {
      walAtWindow = (await pool.query('SELECT pg_current_wal_insert_lsn() AS lsn')).rows[0].lsn;
    }, 1500);
    await Promise.all(Array.from({ length: config.appendClients }, worker));
    clearTimeout(marker);
    const { rows } = await pool.query('SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1) AS bytes', [walAtWindow ?? walStart]);
    return {
      eventsPerSecond: round(events / config.appendSeconds),
      latencyMs: percentiles(latencies),
      walBytesPerEvent: Math.round(Number(rows[0].bytes) / Math.max(1, events)),
    };
  };
  const rounds = [];
  for (let r = 0; r < roundCount; r++) rounds.push(await runOnce());
  const sorted = [...rounds].sort((a, b) => a.eventsPerSecond - b.eventsPerSecond);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  log(
    `  appends ${label}: ${median.eventsPerSecond} events/s (rounds ${rounds.map((r) => r.eventsPerSecond).join(', ')}), p50 ${median.latencyMs.p50} p99 ${median.latencyMs.p99} ms, ${median.walBytesPerEvent} WAL bytes/event`,
  );
  return { ...median, roundsEventsPerSecond: rounds.map((r) => r.eventsPerSecond) };
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  installExitHandlers(config.timeoutMs);
  const started = performance.now();
  const startedAt = new Date();
  const url = databaseUrl(config.postgresUrl, config.databaseName);
  log(`database ${config.databaseName}; ${config.events.toLocaleString('en-US')} events`);
  await createDatabase(config.postgresUrl, config.databaseName);
  if (!config.keepDatabase) onCleanup('drop database', () => dropDatabase(config.postgresUrl, config.databaseName), 60_000);
  await migrate(url, { JWT_SECRET: randomBytes(32).toString('hex'), ADMIN_TOKEN: randomBytes(16).toString('hex') });
  const pool = await openPool(url, config.appendClients + 2, 900_000);
  onCleanup('close pool', () => pool.end());

  const storeId = `es_dcbindex_${randomBytes(4).toString('hex')}`;
  await pool.query(`INSERT INTO tenants (id, name) VALUES ('t_bench', 'bench')`);
  await pool.query(`INSERT INTO event_stores (id, tenant_id, name, region) VALUES ($1, 't_bench', 'dcb-index', 'local')`, [storeId]);

  const results = {
    label: 'dcb-tag-index',
    date: startedAt.toISOString().slice(0, 10),
    startedAt: startedAt.toISOString(),
    settings: { ...config, postgresUrl: new URL(config.postgresUrl).host },
    machine: {
      nproc: os.availableParallelism(),
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGb: round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadAverageAtStart: os.loadavg().map((v) => round(v, 2)),
      postgres: await serverFacts(pool),
    },
  };

  log('loading (trigger events_index_tags disabled during the bulk insert; event_tags filled directly)…');
  results.load = await preloadDcbStore(pool, storeId, { events: config.events, log });
  log(
    `loaded: ${results.load.tagRows.toLocaleString('en-US')} tag rows, ${results.load.distinctTags.toLocaleString('en-US')} distinct tags; sizes ${JSON.stringify(results.load.sizes)}`,
  );

  if (process.env.BENCH_DCB_INDEX_MODE === 'appends-interleaved') return interleavedAppends(pool, storeId, results, started);
  const lastPosition = () => results.currentLastPosition;
  const refreshLast = async () => {
    results.currentLastPosition = Number(
      (await pool.query('SELECT last_position FROM event_stores WHERE id = $1', [storeId])).rows[0].last_position,
    );
  };
  await refreshLast();
  const sample = await sampleEvents(pool, storeId, results.currentLastPosition);
  const cases = readCases(storeId, lastPosition, sample);
  results.cases = cases.map(({ id, group, name }) => ({ id, group, name }));
  results.reads = {};
  results.appends = {};
  results.indexes = {};

  // B: the side table as implemented, no GIN index present.
  log('B: side table event_tags via dcb_matching_positions');
  results.reads.side = await measureReads(pool, cases, 'side', 'B side table');
  // Also the function's generated SQL run directly: separates plpgsql + per-call planning from the scan.
  results.reads.sideSqlOnly = {};
  {
    const client = await pool.connect();
    try {
      for (const c of cases.filter((x) => x.group === 'a')) {
        results.reads.sideSqlOnly[c.id] = await timeCase(client, null, () => c.make().side.explain);
        log(
          `  B generated SQL alone ${c.id}: p50 ${results.reads.sideSqlOnly[c.id].latencyMs.p50} ms, p99 ${results.reads.sideSqlOnly[c.id].latencyMs.p99} ms`,
        );
      }
    } finally {
      client.release();
    }
  }

  // (c) appends without any tag index, then with the side table (trigger).
  await pool.query('ALTER TABLE events DISABLE TRIGGER events_index_tags');
  try {
    results.appends.none = await measureAppends(pool, storeId, 'no tag index (trigger disabled)');
  } finally {
    await pool.query('ALTER TABLE events ENABLE TRIGGER events_index_tags');
  }
  results.appends.side = await measureAppends(pool, storeId, 'side table + trigger');
  await refreshLast();

  // A: GIN (tags). The side table stays but is not used by these statements; its trigger is disabled for A's appends.
  const buildIndex = async (name, sql) => {
    const client = await pool.connect();
    try {
      await client.query(`SET maintenance_work_mem = '512MB'`);
      await client.query(`SET statement_timeout = '900s'`);
      const t0 = performance.now();
      await client.query(sql);
      const seconds = round((performance.now() - t0) / 1000);
      await client.query('ANALYZE events');
      const { rows } = await client.query(`SELECT pg_relation_size($1::regclass) AS bytes`, [name]);
      results.indexes[name] = { sql, buildSeconds: seconds, sizeMb: round(Number(rows[0].bytes) / 2 ** 20) };
      log(`  built ${name} in ${seconds} s, ${results.indexes[name].sizeMb} MB`);
    } finally {
      client.release();
    }
  };
  const ginVariants = [{ key: 'gin', index: 'events_tags_gin', sql: 'CREATE INDEX events_tags_gin ON events USING gin (tags)' }];
  if (config.btreeGin) {
    try {
      await pool.query('CREATE EXTENSION IF NOT EXISTS btree_gin');
      results.btreeGinAvailable = true;
      ginVariants.push({
        key: 'btreeGin',
        index: 'events_store_tags_gin',
        sql: 'CREATE INDEX events_store_tags_gin ON events USING gin (event_store_id, tags)',
      });
    } catch (error) {
      results.btreeGinAvailable = false;
      results.btreeGinError = error.message;
      log(`  btree_gin not available: ${error.message}`);
    }
  }
  for (const variant of ginVariants) {
    log(`A: ${variant.sql}`);
    await buildIndex(variant.index, variant.sql);
    await refreshLast();
    results.reads[variant.key] = await measureReads(pool, cases, 'gin', `A ${variant.key}`);
    await pool.query('ALTER TABLE events DISABLE TRIGGER events_index_tags');
    try {
      results.appends[variant.key] = await measureAppends(pool, storeId, `${variant.index} (trigger disabled)`);
    } finally {
      await pool.query('ALTER TABLE events ENABLE TRIGGER events_index_tags');
    }
    results.indexes[variant.index].sizeAfterAppendsMb = round(
      Number((await pool.query(`SELECT pg_relation_size($1::regclass) AS b`, [variant.index])).rows[0].b) / 2 ** 20,
    );
    await pool.query(`DROP INDEX ${variant.index}`);
  }
  results.sizesAtEnd = await relationSizes(pool);
  results.finishedAt = new Date().toISOString();
  results.totalSeconds = round((performance.now() - started) / 1000);

  const base = `${results.date}-dcb-tag-index`;
  mkdirSync(config.resultsDir, { recursive: true });
  writeFileSync(join(config.resultsDir, `${base}.json`), `${JSON.stringify(results, null, 2)}\n`);
  const markdown = renderMarkdown(results);
  writeFileSync(join(config.resultsDir, `${base}.md`), markdown);
  log(`wrote bench/results/${base}.{json,md} (${results.totalSeconds} s)`);
  return markdown;
}

/**
 * (c) only, with the designs alternating round by round so that the machine's drift (checkpoints,
 * writeback after the load, neighbours) hits each alike: no index vs side table (trigger off/on), then,
 * with the GIN index built, GIN alone vs GIN + side table (trigger off/on).
 */
async function interleavedAppends(pool, storeId, results, started) {
  const rounds = config.appendRounds;
  const series = { none: [], side: [], gin: [], ginAndSide: [] };
  const trigger = (on) => pool.query(`ALTER TABLE events ${on ? 'ENABLE' : 'DISABLE'} TRIGGER events_index_tags`);
  try {
    for (let r = 0; r < rounds; r++) {
      await trigger(false);
      series.none.push(await measureAppends(pool, storeId, `round ${r + 1} no tag index`, 1));
      await trigger(true);
      series.side.push(await measureAppends(pool, storeId, `round ${r + 1} side table + trigger`, 1));
    }
    const client = await pool.connect();
    try {
      await client.query(`SET maintenance_work_mem = '512MB'`);
      await client.query('CREATE INDEX events_tags_gin ON events USING gin (tags)');
    } finally {
      client.release();
    }
    for (let r = 0; r < rounds; r++) {
      await trigger(false);
      series.gin.push(await measureAppends(pool, storeId, `round ${r + 1} GIN (tags)`, 1));
      await trigger(true);
      series.ginAndSide.push(await measureAppends(pool, storeId, `round ${r + 1} GIN (tags) + side table`, 1));
    }
  } finally {
    await trigger(true);
  }
  results.interleavedAppends = series;
  results.totalSeconds = round((performance.now() - started) / 1000);
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
  const names = {
    none: 'no tag index (trigger disabled)',
    side: 'side table + trigger (as implemented)',
    gin: 'GIN (tags), trigger disabled',
    ginAndSide: 'GIN (tags) + side table + trigger',
  };
  const L = [`# DCB tag index, appends interleaved, ${results.date}`, ''];
  L.push(
    `\`BENCH_DCB_INDEX_MODE=appends-interleaved npm run bench:dcb-index\`: the same ${results.load.events.toLocaleString('en-US')}-event store as the main run; ` +
      `${config.appendClients} connections calling append_batch with one DCB append (1 event, 1–3 tags, no condition), ${config.appendSeconds} s per round after a CHECKPOINT, ` +
      `${rounds} rounds, the designs alternating round by round (no index ↔ side table, then with the GIN index built: GIN ↔ GIN + side table). Whole run ${results.totalSeconds} s.`,
    '',
    '| Design | Events/s median | per round | p50 ms (median round) | p99 ms (median round) | WAL bytes / event (median) |',
    '|---|--:|---|--:|--:|--:|',
  );
  for (const [key, runs] of Object.entries(series)) {
    const eps = runs.map((x) => x.eventsPerSecond);
    const mid = runs.find((x) => x.eventsPerSecond === median(eps));
    L.push(
      `| ${names[key]} | ${median(eps)} | ${eps.join(', ')} | ${mid.latencyMs.p50} | ${mid.latencyMs.p99} | ${median(runs.map((x) => x.walBytesPerEvent))} |`,
    );
  }
  const base = `${results.date}-dcb-tag-index-appends`;
  mkdirSync(config.resultsDir, { recursive: true });
  writeFileSync(join(config.resultsDir, `${base}.json`), `${JSON.stringify(results, null, 2)}\n`);
  const markdown = `${L.join('\n')}\n`;
  writeFileSync(join(config.resultsDir, `${base}.md`), markdown);
  log(`wrote bench/results/${base}.{json,md} (${results.totalSeconds} s)`);
  return markdown;
}

function renderMarkdown(r) {
  const L = [];
  const variants = Object.keys(r.reads).filter((k) => k !== 'sideSqlOnly');
  const names = {
    side: 'B side table (dcb_matching_positions)',
    gin: 'A GIN (tags)',
    btreeGin: 'A GIN (event_store_id, tags) [btree_gin]',
    none: 'no tag index',
  };
  L.push(`# DCB tag index: GIN vs side table, ${r.date}`, '');
  L.push(
    `\`npm run bench:dcb-index\` on ${r.machine.nproc} cores / ${r.machine.memoryGb} GB, PostgreSQL ${r.machine.postgres.version} ` +
      `(shared_buffers ${r.machine.postgres.settings.shared_buffers}), load average at start ${r.machine.loadAverageAtStart.join(' / ')}. Whole run ${r.totalSeconds} s.`,
    '',
  );
  const l = r.load;
  L.push(
    `**Data**: one store, ${l.events.toLocaleString('en-US')} events (10 types, skewed), ${l.tagRows.toLocaleString('en-US')} (event, tag) pairs, ` +
      `${l.distinctTags.toLocaleString('en-US')} distinct tags: \`user:<1..1M>\` on every event (~5 events each), \`region:<0..15>\` on every 2nd, ` +
      `\`product:<0..9999>\` on every 3rd, \`cohort:<g/50000>\` on every 3rd (time-clustered: each cohort's ~16.7k events lie within 50k consecutive positions). Loaded with INSERT … SELECT generate_series in 1M chunks with the trigger \`events_index_tags\` DISABLED; ` +
      `\`event_tags\` then filled by one INSERT … SELECT unnest(tags) with its primary key dropped and rebuilt (sorted build); trigger re-enabled. Visibility map after VACUUM (pages / all-visible): ${JSON.stringify(l.visibility)}.`,
    '',
  );
  L.push('## Sizes and build cost', '');
  L.push('| Structure | Size MB | Build |', '|---|--:|---|');
  L.push(`| events heap | ${l.sizes.events} | ${l.eventsInsertSeconds} s insert (with its 4 btree indexes) |`);
  L.push(`| events_pk | ${l.sizes.events_pk} | |`);
  L.push(`| **B** event_tags heap | ${l.sizes.event_tags} | ${l.sideTableInsertSeconds} s INSERT … SELECT |`);
  L.push(
    `| **B** event_tags_pk (event_store_id, tag, global_position) INCLUDE (type) | ${l.sizes.event_tags_pk} | ${l.sideTablePkBuildSeconds} s |`,
  );
  L.push(
    `| **B** total | **${round(l.sizes.event_tags + l.sizes.event_tags_pk)}** | ${round(l.sideTableInsertSeconds + l.sideTablePkBuildSeconds)} s |`,
  );
  for (const [name, idx] of Object.entries(r.indexes)) {
    L.push(
      `| **A** ${name}: \`${idx.sql.replace(/^CREATE INDEX \S+ ON /, '')}\` | **${idx.sizeMb}** (${idx.sizeAfterAppendsMb} after the append runs) | ${idx.buildSeconds} s CREATE INDEX |`,
    );
  }
  if (r.btreeGinAvailable === false) L.push('', `btree_gin not available: ${r.btreeGinError}`);
  L.push('', '## (a) condition checks and (b) queries: latency ms (client round trip, one connection, random tags per repetition)', '');
  L.push(`| Case | ${variants.map((v) => `${names[v]} p50 / p99`).join(' | ')} | B generated SQL alone p50 / p99 | rows |`);
  L.push(`|---|${variants.map(() => '--:').join('|')}|--:|--:|`);
  for (const c of r.cases) {
    const cells = variants.map((v) => {
      const x = r.reads[v][c.id];
      return x ? `${x.latencyMs.p50} / ${x.latencyMs.p99}` : '–';
    });
    const sql = r.reads.sideSqlOnly[c.id];
    L.push(
      `| ${c.id}: ${c.name} | ${cells.join(' | ')} | ${sql ? `${sql.latencyMs.p50} / ${sql.latencyMs.p99}` : '–'} | ${r.reads.side[c.id].meanRows} |`,
    );
  }
  L.push(
    '',
    'Server-side execution time and buffers of one representative call (EXPLAIN ANALYZE; for B the statement dcb_matching_positions EXECUTEs):',
    '',
  );
  L.push(`| Case | ${variants.map((v) => names[v]).join(' | ')} |`, `|---|${variants.map(() => '---').join('|')}|`);
  for (const c of r.cases) {
    L.push(
      `| ${c.id} | ${variants
        .map((v) => {
          const e = r.reads[v][c.id]?.explain;
          return e ? `${e.executionMs} ms, buffers ${e.topBuffers ? e.topBuffers.hit + e.topBuffers.read : '?'}` : '–';
        })
        .join(' | ')} |`,
    );
  }
  L.push(
    '',
    `## (c) single-event appends with 1–3 tags: ${r.settings.appendClients} connections calling append_batch with one DCB append (no condition), ${r.settings.appendSeconds} s × ${r.settings.appendRounds} rounds, median`,
    '',
  );
  L.push('| Tag index | Events/s | rounds | p50 ms | p99 ms | WAL bytes / event | vs no tag index |', '|---|--:|---|--:|--:|--:|--:|');
  const none = r.appends.none?.eventsPerSecond;
  for (const [k, a] of Object.entries(r.appends)) {
    L.push(
      `| ${names[k]} | ${a.eventsPerSecond} | ${a.roundsEventsPerSecond.join(', ')} | ${a.latencyMs.p50} | ${a.latencyMs.p99} | ${a.walBytesPerEvent} | ${none ? round(a.eventsPerSecond / none, 2) : '–'} |`,
    );
  }
  L.push('', '## Plans', '');
  for (const c of r.cases) {
    for (const v of variants) {
      const x = r.reads[v][c.id];
      if (!x) continue;
      L.push(
        `<details><summary>${c.id} ${names[v]}</summary>`,
        '',
        '```sql',
        x.explainedSql.trim(),
        `-- params ${JSON.stringify(x.explainedValues)}`,
        '```',
        '```',
        x.explain.plan,
        '```',
        '',
        '</details>',
      );
    }
  }
  L.push('');
  return L.join('\n');
}

runBenchmark('dcb-index', main);
