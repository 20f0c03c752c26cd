// The 1 KB group (k–o): the streams and DCB scenarios' loads with realistic events (lib/events.mjs: an order
// of ~985 bytes of JSON data and ~128 bytes of metadata), each against a raw-PostgreSQL baseline that writes
// or reads the same rows, so that service / baseline measures what users see:
//   k  append-single-1kb-64c     single-event appends, 64 clients over 1000 streams; baseline and peer emmett swept
//   l  append-batch100-1kb-8c    100-event appends (~110 KB bodies), 8 clients; baseline swept
//   m  dcb-conditional-1kb-32c   DCB conditional appends, a tag unique to each request; baseline (one function call) swept
//   n  read-stream-1kb           1000-event pages of a 100,000-event stream, 4 readers; baseline swept
//   o  read-by-type-1kb          1000-event pages of one of 10 types, 4 readers; baseline swept
// A baseline or peer is measured at its best: it runs once per connection count of SWEEP_CONNECTIONS in every
// round (runners `baseline@4` … `baseline@64`), and run.mjs divides by the count with the best median (see README).
import { randomBytes } from 'node:crypto';
import { ApiClient } from '../lib/api-process.mjs';
import { BASELINE_APPEND_WITH_METADATA } from '../lib/baseline-sql.mjs';
import { sweepConnections } from '../lib/config.mjs';
import { openPool } from '../lib/database.mjs';
import { EMMETT_PACKAGE, emmettVersion, openEmmett, verifyEmmett } from '../lib/emmett.mjs';
import { ORDER_EVENT_TYPES, orderEventTexts } from '../lib/events.mjs';
import { ORDER_STREAM_ID, orderTypeAt } from '../lib/preload-orders.mjs';
import { EVENT_COLUMNS } from '../lib/dcb-sql.mjs';
import { verifyDcb } from './dcb.mjs';

const WRITE_STREAMS = 1000;
const STREAM_TYPE = 'order';
/** The appends cycle through this many distinct orders, serialised once up front (not in the measured loop). */
const DISTINCT_EVENTS = 1000;
const BATCH = 100;
const PAGE = 1000;
const CHECK_EVERY = 25;
/** The connection counts every baseline and peer of the group is measured at, in the same rounds as the service. */
export const SWEEP_CONNECTIONS = sweepConnections();

/** One runner per connection count, named `<runner>@<count>`; run.mjs keeps the best count of each. */
const swept = (makeRunner) =>
  SWEEP_CONNECTIONS.map((connections) => {
    const runner = makeRunner(connections);
    return { ...runner, runner: `${runner.runner}@${connections}`, sweep: runner.runner };
  });

const httpError = (status, text) => ({ outcome: 'error', error: `HTTP ${status}`, detail: text });
const randomInt = (below) => Math.floor(Math.random() * below);

let singles;
/** Orders 0..999 as `order.placed`, each with its JSON texts and size (shared by every runner of k and m). */
const singleEvents = () => (singles ??= Array.from({ length: DISTINCT_EVENTS }, (_, i) => orderEventTexts(i, 'order.placed')));

let batches;
/**
 * The 100-event appends of l: ten batches over orders 0..999, types cycling over the ten order types, as
 * the service's JSON body and as the baseline's parameter arrays.
 */
const batchPayloads = () =>
  (batches ??= Array.from({ length: DISTINCT_EVENTS / BATCH }, (_, b) => {
    const events = Array.from({ length: BATCH }, (_, i) => orderEventTexts(b * BATCH + i, ORDER_EVENT_TYPES[i % ORDER_EVENT_TYPES.length]));
    return {
      body: `{"events":[${events.map((event) => event.json).join(',')}]}`,
      types: events.map((event) => event.type),
      data: events.map((event) => event.dataText),
      metadata: events.map((event) => event.metadataText),
      sizes: events.map((event) => event.sizeBytes),
      sizeBytes: events.reduce((sum, event) => sum + event.sizeBytes, 0),
    };
  }));

const roundRobin = (count, name = (i) => `${STREAM_TYPE}-${i}`) => {
  let next = 0;
  return () => name(next++ % count);
};

// ---------------------------------------------------------------------------------------------------
// k, l: appends to many streams, no expected version.

function serviceAppend(eventsPerAppend) {
  return {
    runner: 'service',
    store: 'fresh',
    async start(ctx, storeId, clients) {
      const client = new ApiClient(ctx.apiOrigin, { connections: clients, timeoutMs: ctx.config.requestTimeoutMs });
      const bodies =
        eventsPerAppend === 1 ? singleEvents().map((event) => `{"events":[${event.json}]}`) : batchPayloads().map((batch) => batch.body);
      const nextStream = roundRobin(WRITE_STREAMS);
      let n = 0;
      const op = async () => {
        const { status, text } = await client.request('POST', `/event-stores/${storeId}/streams/${nextStream()}`, {
          token: ctx.apiKey,
          body: bodies[n++ % bodies.length],
        });
        if (status !== 200) return httpError(status, text);
        if (JSON.parse(text).eventsAppended !== eventsPerAppend) return { outcome: 'error', error: 'bad response', detail: text };
        return { outcome: 'ok', events: eventsPerAppend };
      };
      return { op, close: () => client.close() };
    },
  };
}

/** One autocommit statement per append (BASELINE_APPEND_WITH_METADATA), `clients` connections. */
function baselineAppend(eventsPerAppend, clients) {
  return {
    runner: 'baseline',
    store: 'fresh',
    clients,
    async start(ctx, storeId, connections) {
      const pool = await openPool(ctx.databaseUrl, connections);
      const appends =
        eventsPerAppend === 1
          ? singleEvents().map((event) => ({
              types: [event.type],
              data: [event.dataText],
              metadata: [event.metadataText],
              sizes: [event.sizeBytes],
              sizeBytes: event.sizeBytes,
            }))
          : batchPayloads();
      const nextStream = roundRobin(WRITE_STREAMS);
      let n = 0;
      const op = async () => {
        const append = appends[n++ % appends.length];
        await pool.query({
          name: 'bench-append-1kb',
          text: BASELINE_APPEND_WITH_METADATA,
          values: [
            storeId,
            nextStream(),
            eventsPerAppend,
            append.sizeBytes,
            STREAM_TYPE,
            append.types,
            append.data,
            append.metadata,
            append.sizes,
          ],
        });
        return { outcome: 'ok', events: eventsPerAppend };
      };
      return { op, close: () => pool.end() };
    },
  };
}

/** emmett's `appendToStream(stream, [event])` with the same orders (data and metadata), as in scenario a. */
function emmettAppend(clients) {
  return {
    runner: 'emmett',
    store: 'none',
    clients,
    async start(ctx, _storeId, appenders) {
      const version = emmettVersion();
      const emmett = await openEmmett(ctx.databaseUrl, appenders);
      ctx.log(
        `  emmett ${version}: pool of ${appenders}, schema migrations applied: ${emmett.migrationsApplied.length ? emmett.migrationsApplied.join(', ') : 'none (already there)'}`,
      );
      const tag = randomBytes(3).toString('hex');
      const streamNames = Array.from({ length: WRITE_STREAMS }, (_, i) => `${STREAM_TYPE}-${tag}-${i}`);
      const nextStream = roundRobin(WRITE_STREAMS, (i) => streamNames[i]);
      const events = singleEvents().map(({ event }) => event);
      let n = 0;
      const op = async () => {
        try {
          await emmett.store.appendToStream(nextStream(), [events[n++ % events.length]]);
          return { outcome: 'ok', events: 1 };
        } catch (error) {
          if (error?.errorCode === 412) return { outcome: 'error', error: 'ExpectedVersionConflictError', detail: error.message };
          throw error;
        }
      };
      return {
        op,
        about: { package: EMMETT_PACKAGE, version, appenders, poolConnections: appenders },
        close: () => emmett.close(),
        verify: (run) => verifyEmmett(emmett.pool, streamNames, events, run.total.events, run.total.unknownOutcomes),
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// m: DCB conditional appends, each request on a tag never seen before.

/** A tag no event carries yet: unique to the run, the runner and the request. */
const requestTag = (ctx, runner, n) => `order:${ctx.config.runId}-${runner}-${n}`;

function serviceConditionalAppend() {
  return {
    runner: 'service',
    store: 'fresh',
    async start(ctx, storeId, clients) {
      const client = new ApiClient(ctx.apiOrigin, { connections: clients, timeoutMs: ctx.config.requestTimeoutMs });
      const events = singleEvents();
      const after = new Array(clients).fill(0);
      let n = 0;
      const op = async (worker) => {
        const i = n++;
        const event = events[i % events.length];
        const tag = JSON.stringify(requestTag(ctx, 's', i));
        const body =
          `{"events":[{"type":"${event.type}","data":${event.dataText},"metadata":${event.metadataText},"tags":[${tag}]}],` +
          `"condition":{"failIfEventsMatch":{"items":[{"tags":[${tag}]}]},"after":${after[worker]}}}`;
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
        verify: (run) => verifyDcb(ctx.admin, storeId, 0, run.total.events, run.total.unknownOutcomes),
      };
    },
  };
}

/**
 * m's baseline: one call per event, in its own autocommit transaction. Under the store's lock (taken as
 * append_batch takes it), each later statement of a PL/pgSQL function sees a fresh READ COMMITTED snapshot,
 * so the check sees every append committed before the lock was granted. It writes the tag's event_tags
 * row itself, as append_batch does (the schema has no trigger for it: docs/citus.md).
 */
export const BENCH_DCB_APPEND_FUNCTION = `
CREATE OR REPLACE FUNCTION bench_dcb_append(p_store text, p_tag text, p_after bigint, p_type text, p_data json,
                                            p_metadata json, p_size integer)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_position bigint;
  v_at timestamptz;
BEGIN
  PERFORM 1 FROM event_stores WHERE id = p_store FOR NO KEY UPDATE;
  IF EXISTS (SELECT 1 FROM event_tags WHERE event_store_id = p_store AND tag = p_tag AND global_position > p_after) THEN
    RETURN NULL;
  END IF;
  UPDATE event_stores
     SET last_position = last_position + 1, total_events = total_events + 1, total_size_bytes = total_size_bytes + p_size,
         oldest_event_at = COALESCE(oldest_event_at, date_trunc('milliseconds', clock_timestamp())),
         newest_event_at = GREATEST(newest_event_at, date_trunc('milliseconds', clock_timestamp()))
   WHERE id = p_store
   RETURNING last_position, newest_event_at INTO v_position, v_at;
  INSERT INTO events (event_store_id, global_position, stream_id, stream_position, event_id, type, data, metadata, tags,
                      schema_version, transaction_id, created_at, size_bytes)
  VALUES (p_store, v_position, '__dcb__', v_position - 1, gen_random_uuid(), p_type, p_data, p_metadata, ARRAY[p_tag], '1',
          gen_random_uuid(), v_at, p_size);
  INSERT INTO event_tags (event_store_id, tag, global_position, type) VALUES (p_store, p_tag, v_position, p_type);
  RETURN v_position;
END
$$`;

function baselineConditionalAppend(clients) {
  return {
    runner: 'baseline',
    store: 'fresh',
    clients,
    async start(ctx, storeId, connections) {
      await ctx.admin.query(BENCH_DCB_APPEND_FUNCTION);
      const pool = await openPool(ctx.databaseUrl, connections);
      const events = singleEvents();
      const after = new Array(connections).fill(0);
      let n = 0;
      const op = async (worker) => {
        const i = n++;
        const event = events[i % events.length];
        const tag = requestTag(ctx, 'b', i);
        const { rows } = await pool.query({
          name: 'bench-dcb-append',
          text: 'SELECT bench_dcb_append($1, $2, $3, $4, $5, $6, $7) AS position',
          values: [storeId, tag, after[worker], event.type, event.dataText, event.metadataText, event.sizeBytes],
        });
        if (rows[0].position !== null) {
          after[worker] = Number(rows[0].position);
          return { outcome: 'ok', events: 1 };
        }
        return { outcome: 'retry' }; // the tag matched: never expected, each request has its own
      };
      return {
        op,
        close: () => pool.end(),
        verify: (run) => verifyDcb(ctx.admin, storeId, 0, run.total.events, run.total.unknownOutcomes),
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// n, o: full 1000-event pages of the preloaded 1 KB store.

/** Counts events in a response without parsing it (the parse would cost the load generator a core). */
function countEvents(text) {
  let count = 0;
  for (let at = text.indexOf('"eventId":'); at !== -1; at = text.indexOf('"eventId":', at + 10)) count++;
  return count;
}

/** pg hands every column over as the text PostgreSQL sent: nothing is parsed (no JSON, dates or numbers). */
const AS_TEXT = { getTypeParser: () => (value) => value };

/** A stream page: X random in 0..events-1000, so every page is full. */
const streamPageStart = (preload) => randomInt(preload.events - PAGE + 1);
/** A page of type T from global position X (1..90,001 at 100,000 events): at least 1000 of each type follow. */
const typePageStart = (preload) => 1 + randomInt(preload.events - PAGE * ORDER_EVENT_TYPES.length + 1);
/** The first global position ≥ from that has `type` (the types cycle, see preload-orders.mjs). */
const firstOfTypeFrom = (type, from) => {
  const offset = ORDER_EVENT_TYPES.indexOf(type);
  return from + ((((offset - (from - 1)) % ORDER_EVENT_TYPES.length) + ORDER_EVENT_TYPES.length) % ORDER_EVENT_TYPES.length);
};

function serviceReadStream() {
  return {
    runner: 'service',
    store: 'preload-1kb',
    async start(ctx, storeId, clients) {
      const client = new ApiClient(ctx.apiOrigin, { connections: clients, timeoutMs: ctx.config.requestTimeoutMs });
      const preload = ctx.preload1kb;
      let served = 0;
      const op = async () => {
        const from = streamPageStart(preload);
        const { status, text } = await client.request(
          'GET',
          `/event-stores/${storeId}/streams/${ORDER_STREAM_ID}?limit=${PAGE}&fromStreamPosition=${from}`,
          { token: ctx.apiKey },
        );
        if (status !== 200) return httpError(status, text);
        const count = countEvents(text);
        if (count !== PAGE) return { outcome: 'error', error: 'wrong page size', detail: `${count} events, expected ${PAGE}` };
        if (++served % CHECK_EVERY === 0) {
          const page = JSON.parse(text);
          const bad =
            page.streamVersion !== preload.events ||
            page.events.some(
              (event, i) =>
                event.streamPosition !== from + i || !event.metadata || event.data.orderId !== `ord_${String(from + i).padStart(10, '0')}`,
            );
          if (bad) return { outcome: 'error', error: 'wrong page', detail: text.slice(0, 300) };
        }
        return { outcome: 'ok', events: count };
      };
      return { op, close: () => client.close() };
    },
  };
}

function baselineReadStream(clients) {
  return {
    runner: 'baseline',
    store: 'preload-1kb',
    clients,
    async start(ctx, storeId, connections) {
      const pool = await openPool(ctx.databaseUrl, connections);
      const preload = ctx.preload1kb;
      const op = async () => {
        const from = streamPageStart(preload);
        const { rows } = await pool.query({
          name: 'bench-read-stream-1kb',
          text: `SELECT ${EVENT_COLUMNS} FROM events
                  WHERE event_store_id = $1 AND stream_id = $2 AND stream_position >= $3
                  ORDER BY stream_position LIMIT ${PAGE}`,
          values: [storeId, ORDER_STREAM_ID, from],
          types: AS_TEXT,
        });
        if (rows.length !== PAGE || rows[0].stream_position !== String(from)) {
          return {
            outcome: 'error',
            error: 'wrong page',
            detail: `${rows.length} rows from ${rows[0]?.stream_position}, expected ${PAGE} from ${from}`,
          };
        }
        return { outcome: 'ok', events: rows.length };
      };
      return { op, close: () => pool.end() };
    },
  };
}

function serviceReadByType() {
  return {
    runner: 'service',
    store: 'preload-1kb',
    async start(ctx, storeId, clients) {
      const client = new ApiClient(ctx.apiOrigin, { connections: clients, timeoutMs: ctx.config.requestTimeoutMs });
      const preload = ctx.preload1kb;
      let served = 0;
      const op = async () => {
        const type = ORDER_EVENT_TYPES[randomInt(ORDER_EVENT_TYPES.length)];
        const from = typePageStart(preload);
        const { status, text } = await client.request(
          'GET',
          `/event-stores/${storeId}/events?types=${type}&limit=${PAGE}&fromGlobalPosition=${from}`,
          { token: ctx.apiKey },
        );
        if (status !== 200) return httpError(status, text);
        const count = countEvents(text);
        if (count !== PAGE) return { outcome: 'error', error: 'wrong page size', detail: `${count} events, expected ${PAGE}` };
        if (++served % CHECK_EVERY === 0) {
          const page = JSON.parse(text);
          const first = firstOfTypeFrom(type, from);
          const bad = page.events.some(
            (event, i) => event.type !== type || event.globalPosition !== first + i * ORDER_EVENT_TYPES.length || !event.metadata,
          );
          if (bad) return { outcome: 'error', error: 'wrong page', detail: text.slice(0, 300) };
        }
        return { outcome: 'ok', events: count };
      };
      return { op, close: () => client.close() };
    },
  };
}

function baselineReadByType(clients) {
  return {
    runner: 'baseline',
    store: 'preload-1kb',
    clients,
    async start(ctx, storeId, connections) {
      const pool = await openPool(ctx.databaseUrl, connections);
      const preload = ctx.preload1kb;
      const op = async () => {
        const type = ORDER_EVENT_TYPES[randomInt(ORDER_EVENT_TYPES.length)];
        const from = typePageStart(preload);
        const { rows } = await pool.query({
          name: 'bench-read-by-type-1kb',
          text: `SELECT ${EVENT_COLUMNS} FROM events
                  WHERE event_store_id = $1 AND type = $2 AND global_position >= $3
                  ORDER BY global_position LIMIT ${PAGE}`,
          values: [storeId, type, from],
          types: AS_TEXT,
        });
        if (rows.length !== PAGE || rows[0].global_position !== String(firstOfTypeFrom(type, from)) || rows.at(-1).type !== type) {
          return { outcome: 'error', error: 'wrong page', detail: `${rows.length} rows of ${type} from ${rows[0]?.global_position}` };
        }
        return { outcome: 'ok', events: rows.length };
      };
      return { op, close: () => pool.end() };
    },
  };
}

// The type of global position 1 is the first type: the checks above rely on the preload's cycle.
if (orderTypeAt(1) !== ORDER_EVENT_TYPES[0]) throw new Error('preload-orders.mjs and realistic.mjs disagree on the type cycle');

export const REALISTIC_SCENARIOS = [
  {
    id: 'k',
    name: 'append-single-1kb-64c',
    kind: 'write',
    clients: 64,
    summary: `single-event appends of 1 KB orders (with metadata), 64 clients, round-robin over ${WRITE_STREAMS} streams of one store, no expected version; baseline and peer emmett appendToStream (pool = appenders) each swept over ${SWEEP_CONNECTIONS.join(', ')} connections`,
    runners: [serviceAppend(1), ...swept((n) => baselineAppend(1, n)), ...swept(emmettAppend)],
  },
  {
    id: 'l',
    name: 'append-batch100-1kb-8c',
    kind: 'write',
    clients: 8,
    summary: `100-event appends of 1 KB orders (~110 KB bodies), 8 clients, round-robin over ${WRITE_STREAMS} streams of one store; baseline swept over ${SWEEP_CONNECTIONS.join(', ')} connections`,
    runners: [serviceAppend(BATCH), ...swept((n) => baselineAppend(BATCH, n))],
  },
  {
    id: 'm',
    name: 'dcb-conditional-1kb-32c',
    kind: 'write',
    clients: 32,
    summary:
      'DCB conditional single-event appends of 1 KB orders, 32 clients, each request on a tag never seen before with failIfEventsMatch {tags:[that tag]} after the position its client last saw, fresh store; baseline: one PL/pgSQL function call per event (lock, event_tags check, insert), swept over 4–64 connections',
    runners: [serviceConditionalAppend(), ...swept(baselineConditionalAppend)],
  },
  {
    id: 'n',
    name: 'read-stream-1kb',
    kind: 'read',
    clients: 4,
    needsPreload1kb: true,
    summary:
      'stream reads of full 1000-event pages (limit=1000&fromStreamPosition=random ≤ 99,000) of one 100,000-event stream of 1 KB orders, 4 readers; baseline: the same SELECT, rows as text, swept over 4–64 connections',
    runners: [serviceReadStream(), ...swept(baselineReadStream)],
  },
  {
    id: 'o',
    name: 'read-by-type-1kb',
    kind: 'read',
    clients: 4,
    needsPreload1kb: true,
    summary: `cross-stream reads of full 1000-event pages of one of ${ORDER_EVENT_TYPES.length} types (types=T&limit=1000&fromGlobalPosition=random), the same store, 4 readers; baseline: the same SELECT by type, rows as text, swept over ${SWEEP_CONNECTIONS.join(', ')} connections`,
    runners: [serviceReadByType(), ...swept(baselineReadByType)],
  },
];
