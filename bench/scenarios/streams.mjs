// Scenarios of the streams issue. A scenario names its load and lists runners: `service` (through the
// HTTP API), `baseline` (raw SQL with `pg`), and peers (emmett) that the report compares the same way.
// A runner's start() prepares its clients and returns `op(worker)` for the load loop.
import { randomBytes } from 'node:crypto';
import { ApiClient } from '../lib/api-process.mjs';
import { BASELINE_APPEND, BASELINE_APPEND_EXPECTING, isVersionConflict, STREAM_VERSION } from '../lib/baseline-sql.mjs';
import { openPool } from '../lib/database.mjs';
import { EMMETT_PACKAGE, emmettVersion, openEmmett, verifyEmmett } from '../lib/emmett.mjs';
import { PRELOAD_TYPES, preloadStreamId } from '../lib/preload.mjs';
import { eventAt } from '../lib/events.mjs';

const WRITE_STREAMS = 1000;
const HOT_STREAM = 'hot-1';
const STREAM_TYPE = 'bench';

const BATCH_TYPES = ['order.placed', 'order.paid', 'order.shipped', 'order.delivered'];
const makeEvents = (count) =>
  Array.from({ length: count }, (_, i) => (count === 1 ? eventAt(0) : eventAt(i, BATCH_TYPES[i % BATCH_TYPES.length])));

/** The same events as the service's JSON body and as the baseline's SQL parameters. */
function payloadOf(count) {
  const events = makeEvents(count);
  const dataTexts = events.map((event) => JSON.stringify(event.data));
  return {
    count,
    body: JSON.stringify({ events }),
    eventsJson: JSON.stringify(events),
    types: events.map((event) => event.type),
    dataTexts,
    sizeBytes: dataTexts.reduce((sum, text) => sum + Buffer.byteLength(text), 0),
  };
}

const roundRobin = (count, name = (i) => `${STREAM_TYPE}-${i}`) => {
  let next = 0;
  return () => name(next++ % count);
};

const httpError = (status, text) => ({ outcome: 'error', error: `HTTP ${status}`, detail: text });

// ---------------------------------------------------------------------------------------------------
// Appends to many streams, `expectedStreamVersion` omitted.

function serviceAppend(eventsPerAppend) {
  return {
    runner: 'service',
    store: 'fresh',
    async start(ctx, storeId, clients) {
      const client = new ApiClient(ctx.apiOrigin, { connections: clients, timeoutMs: ctx.config.requestTimeoutMs });
      const payload = payloadOf(eventsPerAppend);
      const nextStream = roundRobin(WRITE_STREAMS);
      const op = async () => {
        const { status, text } = await client.request('POST', `/event-stores/${storeId}/streams/${nextStream()}`, {
          token: ctx.apiKey,
          body: payload.body,
        });
        if (status !== 200) return httpError(status, text);
        if (JSON.parse(text).eventsAppended !== eventsPerAppend) return { outcome: 'error', error: 'bad response', detail: text };
        return { outcome: 'ok', events: eventsPerAppend };
      };
      return { op, close: () => client.close() };
    },
  };
}

function baselineAppend(eventsPerAppend) {
  return {
    runner: 'baseline',
    store: 'fresh',
    async start(ctx, storeId, clients) {
      const pool = await openPool(ctx.databaseUrl, clients);
      const payload = payloadOf(eventsPerAppend);
      const nextStream = roundRobin(WRITE_STREAMS);
      const op = async () => {
        await pool.query({
          name: 'bench-append',
          text: BASELINE_APPEND,
          values: [storeId, nextStream(), payload.count, payload.sizeBytes, STREAM_TYPE, payload.types, payload.dataTexts],
        });
        return { outcome: 'ok', events: eventsPerAppend };
      };
      return { op, close: () => pool.end() };
    },
  };
}

/**
 * The emmett peer (issue 8): `appendToStream(stream, [event])` of `@event-driven-io/emmett-postgresql` in this
 * process, `clients` appenders sharing one store and a pg pool of as many connections, round-robin over
 * the same number of streams with the same event, no expected version. Its streams are named
 * `bench-<run tag>-<n>` (emmett's stream type is the part before the first `-`, so `bench` as for the
 * service), the tag keeping each run's streams apart in emmett's tables, which every emmett run of the bench
 * shares. Needs no store of the service.
 */
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
      const [event] = makeEvents(1);
      const op = async () => {
        try {
          await emmett.store.appendToStream(nextStream(), [event]);
          return { outcome: 'ok', events: 1 };
        } catch (error) {
          // With no expected version emmett still refuses an append that raced another on the same stream
          // (ExpectedVersionConflictError, errorCode 412, rolled back): a known outcome, unlike a transport error.
          if (error?.errorCode === 412) return { outcome: 'error', error: 'ExpectedVersionConflictError', detail: error.message };
          throw error;
        }
      };
      return {
        op,
        about: { package: EMMETT_PACKAGE, version, appenders, poolConnections: appenders },
        close: () => emmett.close(),
        verify: (run) => verifyEmmett(emmett.pool, streamNames, event, run.total.events, run.total.unknownOutcomes),
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// One hot stream, each client appending with the version it last saw and catching up on a conflict.

function serviceHotStream() {
  return {
    runner: 'service',
    store: 'fresh',
    async start(ctx, storeId, clients) {
      const client = new ApiClient(ctx.apiOrigin, { connections: clients, timeoutMs: ctx.config.requestTimeoutMs });
      const path = `/event-stores/${storeId}/streams/${HOT_STREAM}`;
      const events = JSON.stringify(makeEvents(1));
      const readVersion = async () => {
        const { status, text } = await client.request('GET', `${path}?direction=backward&limit=1`, { token: ctx.apiKey });
        if (status === 404) return 0;
        if (status !== 200) throw new Error(`reading the hot stream: HTTP ${status} ${text}`);
        return JSON.parse(text).streamVersion;
      };
      const versions = await Promise.all(Array.from({ length: clients }, readVersion));
      const op = async (worker) => {
        const body = `{"events":${events},"expectedStreamVersion":${versions[worker]}}`;
        const { status, text } = await client.request('POST', path, { token: ctx.apiKey, body });
        if (status === 200) {
          versions[worker] = JSON.parse(text).currentStreamVersion;
          return { outcome: 'ok', events: 1 };
        }
        if (status === 409) {
          const error = JSON.parse(text).error;
          if (error?.code !== 'VERSION_CONFLICT') return httpError(status, text);
          versions[worker] = error.details.currentVersion;
          return { outcome: 'retry' };
        }
        return httpError(status, text);
      };
      return { op, close: () => client.close() };
    },
  };
}

function baselineHotStream() {
  return {
    runner: 'baseline',
    store: 'fresh',
    async start(ctx, storeId, clients) {
      const pool = await openPool(ctx.databaseUrl, clients);
      const payload = payloadOf(1);
      const versions = new Array(clients).fill(0);
      const op = async (worker) => {
        try {
          await pool.query({
            name: 'bench-append-expecting',
            text: BASELINE_APPEND_EXPECTING,
            values: [storeId, HOT_STREAM, 1, payload.sizeBytes, 'hot', payload.types, payload.dataTexts, versions[worker]],
          });
          versions[worker] += 1;
          return { outcome: 'ok', events: 1 };
        } catch (error) {
          if (!isVersionConflict(error)) throw error;
          const { rows } = await pool.query({ name: 'bench-stream-version', text: STREAM_VERSION, values: [storeId, HOT_STREAM] });
          versions[worker] = Number(rows[0]?.version ?? 0);
          return { outcome: 'retry' };
        }
      };
      return { op, close: () => pool.end() };
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Reads of the preloaded store.

const randomInt = (below) => Math.floor(Math.random() * below);

/** Counts events in a response without parsing it (the parse would cost the load generator a core). */
function countEvents(text) {
  let count = 0;
  for (let at = text.indexOf('"eventId":'); at !== -1; at = text.indexOf('"eventId":', at + 10)) count++;
  return count;
}

const CHECK_EVERY = 25;

function serviceReadStream(pageSize) {
  return {
    runner: 'service',
    store: 'preload',
    async start(ctx, storeId, clients) {
      const client = new ApiClient(ctx.apiOrigin, { connections: clients, timeoutMs: ctx.config.requestTimeoutMs });
      const { streams, eventsPerStream } = ctx.preload;
      let served = 0;
      const op = async () => {
        const stream = preloadStreamId(randomInt(streams));
        const from = randomInt(Math.max(1, eventsPerStream - pageSize + 1));
        const expected = Math.min(pageSize, eventsPerStream - from);
        const { status, text } = await client.request(
          'GET',
          `/event-stores/${storeId}/streams/${stream}?limit=${pageSize}&fromStreamPosition=${from}`,
          {
            token: ctx.apiKey,
          },
        );
        if (status !== 200) return httpError(status, text);
        const count = countEvents(text);
        if (count !== expected) return { outcome: 'error', error: 'wrong page size', detail: `${count} events, expected ${expected}` };
        if (++served % CHECK_EVERY === 0) {
          const page = JSON.parse(text);
          const positions = page.events.map((event) => event.streamPosition);
          if (
            page.events.length !== count ||
            positions[0] !== from ||
            positions.some((p, i) => p !== from + i) ||
            page.streamVersion !== eventsPerStream
          ) {
            return { outcome: 'error', error: 'wrong page', detail: text.slice(0, 300) };
          }
        }
        return { outcome: 'ok', events: count };
      };
      return { op, close: () => client.close() };
    },
  };
}

function serviceReadByType(limit) {
  return {
    runner: 'service',
    store: 'preload',
    async start(ctx, storeId, clients) {
      const client = new ApiClient(ctx.apiOrigin, { connections: clients, timeoutMs: ctx.config.requestTimeoutMs });
      const { events } = ctx.preload;
      let served = 0;
      const op = async () => {
        const [type] = PRELOAD_TYPES[randomInt(PRELOAD_TYPES.length)];
        const from = 1 + randomInt(events);
        const { status, text } = await client.request(
          'GET',
          `/event-stores/${storeId}/events?types=${type}&limit=${limit}&fromGlobalPosition=${from}`,
          {
            token: ctx.apiKey,
          },
        );
        if (status !== 200) return httpError(status, text);
        const count = countEvents(text);
        if (++served % CHECK_EVERY === 0) {
          const page = JSON.parse(text);
          const positions = page.events.map((event) => event.globalPosition);
          if (
            page.events.length !== count ||
            page.events.some((event) => event.type !== type) ||
            positions.some((p, i) => p < from || (i > 0 && p <= positions[i - 1]))
          ) {
            return { outcome: 'error', error: 'wrong page', detail: text.slice(0, 300) };
          }
        }
        return { outcome: 'ok', events: count, tag: type };
      };
      return { op, close: () => client.close() };
    },
  };
}

export const STREAM_SCENARIOS = [
  {
    id: 'a',
    name: 'append-single-64c',
    kind: 'write',
    clients: 64,
    summary: `single-event appends, 64 clients, round-robin over ${WRITE_STREAMS} streams of one store, no expected version; peer: emmett appendToStream with 16 appenders`,
    runners: [serviceAppend(1), baselineAppend(1), emmettAppend(16)],
  },
  {
    id: 'b',
    name: 'append-batch100-8c',
    kind: 'write',
    clients: 8,
    summary: `100-event appends, 8 clients, round-robin over ${WRITE_STREAMS} streams of one store, no expected version`,
    runners: [serviceAppend(100), baselineAppend(100)],
  },
  {
    id: 'c',
    name: 'append-hot-stream-16c',
    kind: 'write',
    clients: 16,
    summary:
      'single-event appends to ONE stream with expectedStreamVersion = the version the client last saw; on 409 it takes details.currentVersion (baseline: re-reads the version) and retries',
    runners: [serviceHotStream(), baselineHotStream()],
  },
  {
    id: 'd',
    name: 'read-stream-1000',
    kind: 'read',
    clients: 8,
    needsPreload: true,
    summary: 'stream reads of 1000-event pages (limit=1000&fromStreamPosition=X), random stream and offset, preloaded store',
    runners: [serviceReadStream(1000)],
  },
  {
    id: 'e',
    name: 'read-by-type',
    kind: 'read',
    clients: 16,
    needsPreload: true,
    summary: `cross-stream reads of one of ${PRELOAD_TYPES.length} types (types=T&limit=100&fromGlobalPosition=random), preloaded store`,
    runners: [serviceReadByType(100)],
  },
];
