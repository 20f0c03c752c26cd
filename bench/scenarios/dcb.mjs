// Scenarios of the DCB issue (issue 4), on one store preloaded with BENCH_DCB_PRELOAD_EVENTS (default
// 5,000,000) tagged events (~1M distinct tags, see lib/dcb-preload.mjs):
//   f  dcb-conditional-append-32c: conditional single-event appends, 32 clients on disjoint tags, each
//      with failIfEventsMatch {tags:[own tag]} after the last position it saw; and the raw baseline.
//   g  dcb-tag-query: POST …/query by one tag (≤ 100 events).
import pg from 'pg';
import { ApiClient } from '../lib/api-process.mjs';
import { lastPosition, openPool } from '../lib/database.mjs';
import { DCB_REGIONS, DCB_USERS } from '../lib/dcb-preload.mjs';
import { matchingPositionsSql } from '../lib/dcb-sql.mjs';

const httpError = (status, text) => ({ outcome: 'error', error: `HTTP ${status}`, detail: text });
const randomInt = (below) => Math.floor(Math.random() * below);
const DCB_TYPE = 'course.enrolled';
const eventData = (n) => ({ studentId: `student-${n}`, courseId: 'course-42', term: '2026-W', note: 'bench' });

/** Each client's own tag, unique to the run (so no preloaded event carries it). */
const ownTag = (ctx, runner, worker) => `client:${ctx.config.runId}-${runner}-${worker}`;

/**
 * After a DCB write run on the preloaded store: positions still exactly 1..N, the events this run
 * stored = the acknowledged ones, every one of them carries its 2 tags in event_tags, and none is
 * in the streams table. Same fields as verifyStore where they mean the same thing.
 */
export async function verifyDcb(pool, storeId, from, acknowledgedEvents, unknownOutcomes) {
  const { rows } = await pool.query(
    `SELECT (SELECT count(*) FROM events WHERE event_store_id = $1)::bigint AS events_total,
            (SELECT min(global_position) FROM events WHERE event_store_id = $1)::bigint AS min_position,
            (SELECT max(global_position) FROM events WHERE event_store_id = $1)::bigint AS max_position,
            (SELECT count(*) FROM events WHERE event_store_id = $1 AND global_position > $2)::bigint AS events,
            (SELECT count(*) FROM events WHERE event_store_id = $1 AND global_position > $2 AND stream_id <> '__dcb__')::bigint AS not_dcb,
            (SELECT count(*) FROM event_tags WHERE event_store_id = $1 AND global_position > $2)::bigint AS tag_rows,
            (SELECT coalesce(sum(cardinality(tags)), 0) FROM events WHERE event_store_id = $1 AND global_position > $2)::bigint AS tags_on_events,
            (SELECT count(*) FROM streams WHERE event_store_id = $1)::bigint AS streams,
            s.last_position::bigint, s.total_events::bigint
       FROM event_stores s WHERE s.id = $1`,
    [storeId, from],
  );
  const row = Object.fromEntries(Object.entries(rows[0]).map(([key, value]) => [key, value === null ? null : Number(value)]));
  return {
    ...row,
    acknowledgedEvents,
    gapFree: row.events_total === row.last_position && row.min_position === 1 && row.max_position === row.last_position,
    streamsConsistent: row.not_dcb === 0 && row.streams === 0,
    tagRowsComplete: row.tag_rows === row.tags_on_events,
    matchesAcknowledged: unknownOutcomes > 0 ? row.events >= acknowledgedEvents : row.events === acknowledgedEvents,
  };
}

// ---------------------------------------------------------------------------------------------------
// f: conditional appends on disjoint tags.

function serviceConditionalAppend() {
  return {
    runner: 'service',
    store: 'dcb-preload',
    async start(ctx, storeId, clients) {
      const client = new ApiClient(ctx.apiOrigin, { connections: clients, timeoutMs: ctx.config.requestTimeoutMs });
      const start = await lastPosition(ctx.admin, storeId);
      const after = new Array(clients).fill(start);
      const tags = Array.from({ length: clients }, (_, w) => ownTag(ctx, 'service', w));
      let n = 0;
      const op = async (worker) => {
        const event = { type: DCB_TYPE, data: eventData(n++), tags: [tags[worker], `user:${1 + randomInt(DCB_USERS)}`] };
        const body = JSON.stringify({
          events: [event],
          condition: { failIfEventsMatch: { items: [{ tags: [tags[worker]] }] }, after: after[worker] },
        });
        const { status, text } = await client.request('POST', `/event-stores/${storeId}/events`, { token: ctx.apiKey, body });
        if (status === 200) {
          after[worker] = JSON.parse(text).lastPosition;
          return { outcome: 'ok', events: 1 };
        }
        if (status === 409) {
          const conflict = JSON.parse(text);
          if (!Array.isArray(conflict.conflictingPositions)) return httpError(status, text);
          after[worker] = Math.max(after[worker], ...conflict.conflictingPositions);
          return { outcome: 'retry' };
        }
        return httpError(status, text);
      };
      return {
        op,
        close: () => client.close(),
        verify: (run) => verifyDcb(ctx.admin, storeId, start, run.total.events, run.total.unknownOutcomes),
      };
    },
  };
}

/**
 * The raw baseline, one transaction and ONE round trip per event (a simple-query string of two
 * statements, run by PostgreSQL as one implicit transaction, values inlined as escaped literals):
 *   1. SELECT … FROM event_stores … FOR NO KEY UPDATE    the store's lock (as append_batch takes it)
 *   2. under the lock, in a fresh READ COMMITTED snapshot: the condition (any event_tags row with the
 *      client's tag after `after`?), and only if none: the counter update, the event insert and its
 *      tag rows in event_tags (written by the statement, as append_batch writes them: no trigger).
 * No HTTP, Nest, JSON payload parsing in SQL, dynamic SQL, NOTIFY or size checks.
 */
export function baselineConditionalSql(storeId, ownTagValue, after, tags, type, dataText, sizeBytes) {
  const l = pg.escapeLiteral;
  const tagArray = `ARRAY[${tags.map(l).join(',')}]::text[]`;
  return `SELECT 1 FROM event_stores WHERE id = ${l(storeId)} FOR NO KEY UPDATE;
WITH ok AS (
  SELECT NOT EXISTS (SELECT 1 FROM event_tags WHERE event_store_id = ${l(storeId)} AND tag = ${l(ownTagValue)} AND global_position > ${Number(after)}) AS ok
), store AS (
  UPDATE event_stores
     SET last_position = last_position + 1, total_events = total_events + 1, total_size_bytes = total_size_bytes + ${Number(sizeBytes)},
         oldest_event_at = COALESCE(oldest_event_at, date_trunc('milliseconds', clock_timestamp())),
         newest_event_at = GREATEST(newest_event_at, date_trunc('milliseconds', clock_timestamp()))
   WHERE id = ${l(storeId)} AND (SELECT ok FROM ok)
   RETURNING last_position, newest_event_at AS at
), inserted AS (
  INSERT INTO events (event_store_id, global_position, stream_id, stream_position, event_id, type, data, tags,
                      schema_version, transaction_id, created_at)
  SELECT ${l(storeId)}, store.last_position, '__dcb__', store.last_position - 1, gen_random_uuid(), ${l(type)}, ${l(dataText)}::json,
         ${tagArray}, '1', gen_random_uuid(), store.at
    FROM store
  RETURNING global_position
), tagged AS (
  INSERT INTO event_tags (event_store_id, tag, global_position, type)
  SELECT DISTINCT ${l(storeId)}, t.tag, inserted.global_position, ${l(type)} FROM inserted, unnest(${tagArray}) AS t(tag)
)
SELECT (SELECT ok FROM ok) AS ok, (SELECT global_position FROM inserted) AS last_position`;
}

function baselineConditionalAppend() {
  return {
    runner: 'baseline',
    store: 'dcb-preload',
    async start(ctx, storeId, clients) {
      const pool = await openPool(ctx.databaseUrl, clients);
      const start = await lastPosition(ctx.admin, storeId);
      const after = new Array(clients).fill(start);
      const tags = Array.from({ length: clients }, (_, w) => ownTag(ctx, 'baseline', w));
      let n = 0;
      const op = async (worker) => {
        const dataText = JSON.stringify(eventData(n++));
        const sql = baselineConditionalSql(
          storeId,
          tags[worker],
          after[worker],
          [tags[worker], `user:${1 + randomInt(DCB_USERS)}`],
          DCB_TYPE,
          dataText,
          Buffer.byteLength(dataText),
        );
        const results = await pool.query(sql);
        const row = results.at(-1).rows[0];
        if (row.ok) {
          after[worker] = Number(row.last_position);
          return { outcome: 'ok', events: 1 };
        }
        // A conflict: re-read what matched (never expected with disjoint tags).
        const { rows } = await pool.query('SELECT max(global_position) AS p FROM event_tags WHERE event_store_id = $1 AND tag = $2', [
          storeId,
          tags[worker],
        ]);
        after[worker] = Number(rows[0].p);
        return { outcome: 'retry' };
      };
      return {
        op,
        close: () => pool.end(),
        verify: (run) => verifyDcb(ctx.admin, storeId, start, run.total.events, run.total.unknownOutcomes),
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// g: tag queries. Half ask for one user tag (≈5 events, after 0), half for one region tag from a
// random position (a full page of 100 of ~156k events); per-tag latencies are reported separately.

const CHECK_EVERY = 25;

function serviceTagQuery(limit) {
  return {
    runner: 'service',
    store: 'dcb-preload',
    async start(ctx, storeId, clients) {
      const client = new ApiClient(ctx.apiOrigin, { connections: clients, timeoutMs: ctx.config.requestTimeoutMs });
      const { events } = ctx.dcbPreload;
      let served = 0;
      const op = async () => {
        const byUser = Math.random() < 0.5;
        const tag = byUser ? `user:${1 + randomInt(DCB_USERS)}` : `region:${randomInt(DCB_REGIONS)}`;
        const after = byUser ? 0 : randomInt(Math.floor(events * 0.9));
        const body = JSON.stringify({ query: { items: [{ tags: [tag] }] }, after, limit });
        const { status, text } = await client.request('POST', `/event-stores/${storeId}/query`, { token: ctx.apiKey, body });
        if (status !== 200) return httpError(status, text);
        const page = JSON.parse(text);
        if (++served % CHECK_EVERY === 0) {
          const positions = page.events.map((event) => event.globalPosition);
          const bad =
            page.events.length > limit ||
            page.events.some((event) => !event.tags.includes(tag)) ||
            positions.some((p, i) => p <= after || (i > 0 && p <= positions[i - 1])) ||
            page.lastPosition !== (positions.at(-1) ?? after) ||
            (!byUser && page.events.length !== limit);
          if (bad) return { outcome: 'error', error: 'wrong page', detail: text.slice(0, 300) };
        }
        return {
          outcome: 'ok',
          events: page.events.length,
          tag: byUser
            ? 'user:<n> (≈5 events), after 0'
            : `region:<k> (${limit} of ≈${Math.round(events / 2 / DCB_REGIONS / 1000)}k), random after`,
        };
      };
      return { op, close: () => client.close() };
    },
  };
}

export const DCB_SCENARIOS = [
  {
    id: 'f',
    name: 'dcb-conditional-append-32c',
    kind: 'write',
    clients: 32,
    needsDcbPreload: true,
    summary:
      'conditional single-event DCB appends (2 tags), 32 clients, each on its own tag with failIfEventsMatch {tags:[own]} after the last position it saw, on the preloaded DCB store; baseline: one transaction per event (lock, side-table check, insert, counter)',
    runners: [serviceConditionalAppend(), baselineConditionalAppend()],
  },
  {
    id: 'g',
    name: 'dcb-tag-query',
    kind: 'read',
    clients: 16,
    needsDcbPreload: true,
    summary:
      'POST …/query by one tag, limit 100: half user:<n> (≈5 events, after 0), half region:<k> (a full page of 100, random after), preloaded DCB store',
    runners: [serviceTagQuery(100)],
  },
];

/** EXPLAIN (ANALYZE, BUFFERS) of the statements dcb_matching_positions runs for the scenarios' shapes. */
export async function explainDcb(pool, storeId, lastPositionValue) {
  const cases = [
    ['condition: one own tag after a recent position (scenario f)', [{ tags: ['client:none-0'] }], lastPositionValue - 100, 100],
    ['query: one user tag, after 0 (scenario g)', [{ tags: [`user:${1 + randomInt(DCB_USERS)}`] }], 0, 100],
    [
      'query: one region tag, random after, limit 100 (scenario g)',
      [{ tags: [`region:${randomInt(DCB_REGIONS)}`] }],
      Math.floor(lastPositionValue / 2),
      100,
    ],
  ];
  const out = [];
  for (const [name, items, after, limit] of cases) {
    const text = matchingPositionsSql(items);
    const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, [storeId, after, limit]);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    out.push({ name, items, after, limit, sql: text, plan, executionMs: Number(plan.match(/Execution Time: ([\d.]+)/)?.[1] ?? NaN) });
  }
  return out;
}
