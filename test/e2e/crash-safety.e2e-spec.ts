import { Client } from 'pg';
import { freePort, ServiceProcess } from '../support/service-process';
import { TEST_ADMIN_TOKEN } from '../support/test-app';
import { cloneTestDatabase, TestDatabase } from '../support/test-database';

/**
 * Issue 3, crash safety: the built API (dist/main.js) is SIGKILLed while eight clients append
 * 50-event batches, then restarted on the same database. Every append is all or nothing, every
 * acknowledged append survives, and positions, versions and counters agree with the rows.
 */

const BATCH = 50;
const CLIENTS = 8;
const STREAMS = 6;

interface Acknowledged {
  client: number;
  seq: number;
  streamId: string;
  globalPosition: number;
  currentStreamVersion: number;
}

describe('Crash safety of appends (SIGKILL during batch appends)', () => {
  let database: TestDatabase;
  let sql: Client;
  const running: ServiceProcess[] = [];

  const startApi = async () => {
    const port = await freePort();
    const api = ServiceProcess.startApi({
      DATABASE_URL: database.url,
      RATE_LIMIT_REQUESTS_PER_MINUTE: '1000000',
      RATE_LIMIT_EVENTS_PER_MINUTE: '100000000',
      PORT: String(port),
    });
    running.push(api);
    await api.waitForOutput(/Listening on port/);
    return { api, base: `http://127.0.0.1:${port}` };
  };

  const call = async (
    base: string,
    method: string,
    path: string,
    token: string,
    body?: unknown,
    headers: Record<string, string> = {},
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields of the answer it expects
  ): Promise<{ status: number; body: any }> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  beforeAll(async () => {
    database = await cloneTestDatabase();
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  });
  afterAll(async () => {
    await Promise.all(running.splice(0).map((service) => service.stop('SIGKILL')));
    await sql?.end().catch(() => undefined);
    await database?.drop();
  });

  it('keeps every append all or nothing, every acknowledged append, and gap-free positions across a SIGKILL', async () => {
    // Set-up through the first API process.
    const first = await startApi();
    const tenant = await call(first.base, 'POST', '/admin/tenants', TEST_ADMIN_TOKEN, { name: 'crash-tenant' });
    expect(tenant.status).toBe(201);
    const apiKey = await call(first.base, 'POST', `/admin/tenants/${tenant.body.id}/api-keys`, TEST_ADMIN_TOKEN, {
      name: 'crash',
      scopes: ['read', 'write', 'admin'],
    });
    expect(apiKey.status).toBe(201);
    const key: string = apiKey.body.key;
    const created = await call(first.base, 'POST', '/event-stores', key, { name: 'crash-store' });
    expect(created.status).toBe(201);
    const storeId: string = created.body.id;

    // Eight clients append 50-event batches until the process dies under them. The odd ones send an
    // Idempotency-Key, which makes each append a multi-statement transaction (claim, append, record):
    // those are the ones a crash could leave half-done if anything were wrong.
    const acknowledged: Acknowledged[] = [];
    const refused: { status: number; body: unknown }[] = [];
    let inFlight = 0;
    let killed = false;
    const client = async (clientIndex: number) => {
      for (let seq = 0; !killed && seq < 10000; seq++) {
        const streamId = `crash-${(clientIndex + seq) % STREAMS}`;
        const events = Array.from({ length: BATCH }, (_unused, index) => ({
          type: 'batch.item',
          data: { client: clientIndex, seq, index },
        }));
        inFlight++;
        try {
          const idempotency: Record<string, string> = clientIndex % 2 === 1 ? { 'Idempotency-Key': `crash-${clientIndex}-${seq}` } : {};
          const response = await call(
            first.base,
            'POST',
            `/event-stores/${storeId}/streams/${streamId}`,
            key,
            { events, expectedStreamVersion: 'any' },
            idempotency,
          );
          if (response.status === 200) acknowledged.push({ client: clientIndex, seq, streamId, ...response.body });
          else refused.push(response);
        } catch {
          return; // the connection died with the process: outcome unknown
        } finally {
          inFlight--;
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_unused, index) => client(index));

    // After about a second of appending (and at least a few acknowledged batches), kill it mid-flight.
    const started = Date.now();
    while ((Date.now() - started < 1000 || acknowledged.length < CLIENTS) && Date.now() - started < 8000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const inFlightAtKill = inFlight;
    killed = true;
    const exit = await first.api.stop('SIGKILL');
    await Promise.all(clients);
    expect(exit.signal).toBe('SIGKILL');
    expect(refused).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(CLIENTS);
    expect(inFlightAtKill).toBeGreaterThan(0);

    // Restart on the same database; its start also proves no lock is left behind by the dead process.
    const second = await startApi();

    // Every transaction has exactly one batch: 50 events, one stream, one client's batch, in order.
    const transactions = (
      await sql.query(
        `SELECT transaction_id, count(*)::int AS count, count(DISTINCT stream_id)::int AS streams,
                min(global_position)::int AS first, max(global_position)::int AS last,
                min(stream_position)::int AS first_stream_position, max(stream_position)::int AS last_stream_position,
                count(DISTINCT (data->>'client', data->>'seq'))::int AS batches,
                array_agg((data->>'index')::int ORDER BY global_position) AS indexes
           FROM events WHERE event_store_id = $1 GROUP BY transaction_id`,
        [storeId],
      )
    ).rows;
    for (const transaction of transactions) {
      expect(transaction).toMatchObject({ count: BATCH, streams: 1, batches: 1, last: transaction.first + BATCH - 1 });
      expect(transaction.last_stream_position - transaction.first_stream_position).toBe(BATCH - 1);
      expect(transaction.indexes).toEqual(Array.from({ length: BATCH }, (_unused, index) => index));
    }
    // ... and every batch sits in exactly one transaction (none written twice).
    const batches = (
      await sql.query(
        `SELECT data->>'client' AS client, data->>'seq' AS seq, count(*)::int AS count, count(DISTINCT transaction_id)::int AS transactions
           FROM events WHERE event_store_id = $1 GROUP BY 1, 2`,
        [storeId],
      )
    ).rows;
    expect(batches.length).toBe(transactions.length);
    for (const batch of batches) expect(batch).toMatchObject({ count: BATCH, transactions: 1 });

    // Keyed appends: a key is recorded, with its result, exactly for the keyed batches that are stored.
    const keys = (
      await sql.query(`SELECT key, result IS NOT NULL AS completed FROM idempotency_keys WHERE event_store_id = $1 ORDER BY key`, [storeId])
    ).rows;
    const keyedBatches = batches
      .filter((batch) => Number(batch.client) % 2 === 1)
      .map((batch) => `crash-${batch.client}-${batch.seq}`)
      .sort();
    expect(keys.map((row) => row.key)).toEqual(keyedBatches);
    expect(keys.every((row) => row.completed)).toBe(true);
    expect(keyedBatches.length).toBeGreaterThan(0);

    // Every acknowledged append is stored exactly where its response said.
    for (const ack of acknowledged) {
      const { rows } = await sql.query(
        `SELECT stream_id, count(*)::int AS count, min(global_position)::int AS first, max(stream_position)::int AS last_stream_position
           FROM events WHERE event_store_id = $1 AND data->>'client' = $2 AND data->>'seq' = $3 GROUP BY stream_id`,
        [storeId, String(ack.client), String(ack.seq)],
      );
      expect(rows).toEqual([
        {
          stream_id: ack.streamId,
          count: BATCH,
          first: ack.globalPosition - BATCH + 1,
          last_stream_position: ack.currentStreamVersion - 1,
        },
      ]);
    }

    // Global positions are exactly 1..max; the store's counters agree.
    const {
      rows: [summary],
    } = await sql.query(
      `SELECT count(*)::int AS count, min(global_position)::int AS min, max(global_position)::int AS max, count(DISTINCT global_position)::int AS distinct
         FROM events WHERE event_store_id = $1`,
      [storeId],
    );
    const total = transactions.length * BATCH;
    expect(summary).toEqual({ count: total, min: 1, max: total, distinct: total });
    expect(total).toBeGreaterThanOrEqual(acknowledged.length * BATCH);
    const {
      rows: [storeRow],
    } = await sql.query('SELECT last_position::int, total_events::int, total_streams::int FROM event_stores WHERE id = $1', [storeId]);

    // Each stream: version = its event count, positions 0..k-1, last_global_position its newest event.
    const streams = (
      await sql.query(
        `SELECT s.stream_id, s.version::int AS version, s.event_count::int AS event_count, s.last_global_position::int AS last_global_position,
                count(e.*)::int AS rows, min(e.stream_position)::int AS min_position, max(e.stream_position)::int AS max_position,
                count(DISTINCT e.stream_position)::int AS distinct_positions, max(e.global_position)::int AS newest
           FROM streams s LEFT JOIN events e ON e.event_store_id = s.event_store_id AND e.stream_id = s.stream_id
          WHERE s.event_store_id = $1 GROUP BY s.stream_id, s.version, s.event_count, s.last_global_position ORDER BY s.stream_id`,
        [storeId],
      )
    ).rows;
    expect(storeRow).toEqual({ last_position: total, total_events: total, total_streams: streams.length });
    for (const stream of streams) {
      expect(stream).toEqual({
        stream_id: stream.stream_id,
        version: stream.rows,
        event_count: stream.rows,
        last_global_position: stream.newest,
        rows: stream.rows,
        min_position: 0,
        max_position: stream.rows - 1,
        distinct_positions: stream.rows,
        newest: stream.newest,
      });
    }
    expect(streams.reduce((sum, stream) => sum + stream.rows, 0)).toBe(total);

    // The restarted API reads every stream exactly as stored.
    for (const stream of streams) {
      const { rows: stored } = await sql.query(
        `SELECT event_id, global_position::int, stream_position::int, transaction_id FROM events
          WHERE event_store_id = $1 AND stream_id = $2 ORDER BY stream_position`,
        [storeId, stream.stream_id],
      );
      const served: { eventId: string; globalPosition: number; streamPosition: number; transactionId: string }[] = [];
      for (let page = 0; page < 100; page++) {
        const read = await call(
          second.base,
          'GET',
          `/event-stores/${storeId}/streams/${stream.stream_id}?limit=1000&fromStreamPosition=${served.length}`,
          key,
        );
        expect(read.status).toBe(200);
        expect(read.body.streamVersion).toBe(stream.version);
        served.push(...read.body.events);
        if (!read.body.hasMore) break;
      }
      expect(served.map((event) => [event.eventId, event.globalPosition, event.streamPosition, event.transactionId])).toEqual(
        stored.map((row) => [row.event_id, row.global_position, row.stream_position, row.transaction_id]),
      );
    }

    // A new append continues right after the last surviving position, at the stream's true version.
    const target = streams[0];
    const next = await call(second.base, 'POST', `/event-stores/${storeId}/streams/${target.stream_id}`, key, {
      events: [{ type: 'after.restart', data: {} }],
      expectedStreamVersion: target.version,
    });
    expect(next).toEqual({
      status: 200,
      body: { streamId: target.stream_id, eventsAppended: 1, currentStreamVersion: target.version + 1, globalPosition: total + 1 },
    });
  });
});
