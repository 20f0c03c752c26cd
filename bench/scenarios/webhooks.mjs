// Webhook delivery by the worker (`dist/worker.js`), measured at a receiver in this process
// (lib/webhook-receiver.mjs). Each scenario starts its own worker on its own store and stops it after:
//   h  webhook-throughput: 10 subscriptions drain 10,000 events appended before the worker starts.
//   i  webhook-latency: 1 subscription, single-event appends at a fixed 200/s; append start → arrival.
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiClient } from '../lib/api-process.mjs';
import { lastPosition } from '../lib/database.mjs';
import { percentiles } from '../lib/load.mjs';
import { measureOpenLoop, now } from '../lib/open-loop.mjs';
import { ProcessSampler, round, sampleProcesses } from '../lib/process-metrics.mjs';
import { checkSequence, WebhookReceiver } from '../lib/webhook-receiver.mjs';

const EVENT_TYPE = 'bench.tick';
const STREAMS = 10;
const THROUGHPUT_SUBSCRIPTIONS = 10;
const THROUGHPUT_BATCHES = 100;
const THROUGHPUT_BATCH_SIZE = 100;
const THROUGHPUT_APPEND_CLIENTS = 4;
// Bounds the drain below the whole-run watchdog, so that a slow worker still yields a (partial) result.
const THROUGHPUT_DRAIN_LIMIT_MS = 600_000;
const LATENCY_RATE = 200;
// The latency run is 3 × BENCH_WARMUP_S + 3 × BENCH_DURATION_S long, 6 + 30 s by default: a freshly
// started worker takes a few seconds to reach its steady latency.
const LATENCY_SCALE = 3;
const LATENCY_CONNECTIONS = 16;

/** The worker's log without Nest's colour codes. */
const ESCAPE = String.fromCharCode(27);
const plain = (text) => text.replaceAll(new RegExp(`${ESCAPE}\\[[0-9;]*m`, 'g'), '');

/** A small event (~110 bytes of data), numbered by the bench. */
const tick = (seq, extra) => ({
  type: EVENT_TYPE,
  data: { seq, customerId: 'customer-4711', amount: 4200 + seq, currency: 'EUR', note: 'bench', ...extra },
});

async function subscribe(client, ctx, storeId, url) {
  const body = { eventFilter: '*', subscriberConfig: { url }, position: 'beginning' };
  const created = await client.expect(201, 'POST', `/event-stores/${storeId}/subscribe`, { token: ctx.apiKey, body });
  return created.subscriptionId;
}

/**
 * The delivery state PostgreSQL ends with: every subscription's checkpoint at the store's last
 * position and no retry pending. Polled for up to 10 s, since the checkpoint is written just after
 * the receiver answers.
 */
async function settledCheckpoints(admin, storeId, last) {
  const deadline = performance.now() + 10_000;
  for (;;) {
    const { rows } = await admin.query(
      `SELECT count(*)::int AS subscriptions,
              (count(*) FILTER (WHERE checkpoint = $2 AND retry_position IS NULL))::int AS caught_up,
              coalesce(sum(failed_deliveries), 0)::int AS failed_deliveries,
              (SELECT count(*) FROM dead_letters WHERE event_store_id = $1)::int AS dead_letters
         FROM subscriptions WHERE event_store_id = $1`,
      [storeId, last],
    );
    const state = rows[0];
    if (state.caught_up === state.subscriptions || performance.now() > deadline)
      return { ...state, allCaughtUp: state.caught_up === state.subscriptions };
    await sleep(100);
  }
}

function combinedChecks(checks) {
  const sum = (key) => checks.reduce((total, check) => total + check[key], 0);
  return {
    inOrderGapFree: checks.every((check) => check.inOrderGapFree),
    addressedRight: checks.every((check) => check.addressedRight),
    delivered: sum('delivered'),
    missing: sum('missing'),
    duplicates: sum('duplicates'),
    outOfOrder: sum('outOfOrder'),
    unexpected: sum('unexpected'),
    retries: sum('retries'),
  };
}

// ---------------------------------------------------------------------------------------------------
// h: how fast one worker drains a backlog to 10 subscriptions.

async function appendBacklog(client, ctx, storeId) {
  let next = 0;
  const appender = async () => {
    while (next < THROUGHPUT_BATCHES) {
      const batch = next++;
      const events = Array.from({ length: THROUGHPUT_BATCH_SIZE }, (_, i) => tick(batch * THROUGHPUT_BATCH_SIZE + i));
      const response = await client.expect(200, 'POST', `/event-stores/${storeId}/streams/tick-${batch % STREAMS}`, {
        token: ctx.apiKey,
        body: { events },
      });
      if (response.eventsAppended !== THROUGHPUT_BATCH_SIZE) throw new Error(`append of batch ${batch}: ${JSON.stringify(response)}`);
    }
  };
  await Promise.all(Array.from({ length: THROUGHPUT_APPEND_CLIENTS }, appender));
}

async function measureThroughput(ctx) {
  const { config, log } = ctx;
  const storeId = await ctx.createStore(`h-webhooks-${config.runId}`);
  const receiver = await WebhookReceiver.start();
  const client = new ApiClient(ctx.apiOrigin, { connections: THROUGHPUT_APPEND_CLIENTS, timeoutMs: config.requestTimeoutMs });
  const apiSampler = new ProcessSampler(ctx.apiPid, { tree: true });
  let worker;
  try {
    const subscriptions = [];
    for (let n = 1; n <= THROUGHPUT_SUBSCRIPTIONS; n++) {
      const name = `s${n}`;
      subscriptions.push({ name, id: await subscribe(client, ctx, storeId, receiver.addRoute(name)) });
    }
    const appendStarted = performance.now();
    await appendBacklog(client, ctx, storeId);
    const appendSeconds = round((performance.now() - appendStarted) / 1000, 2);
    const last = await lastPosition(ctx.admin, storeId);
    log(`  appended ${last} events in ${appendSeconds} s with no worker running; starting the worker`);

    const spawned = performance.now();
    worker = await ctx.startWorker();
    const workerStartSeconds = round((performance.now() - spawned) / 1000, 2);
    const processes = sampleProcesses({ worker: new ProcessSampler(worker.pid), api: apiSampler, bench: new ProcessSampler(process.pid) });
    // Deliveries may begin before `Worker ready` is seen; CPU per delivery counts only those after.
    const deliveredBeforeWindow = receiver.arrivals;
    const windowStart = processes.markWindowStart();
    const complete = await receiver.waitForPosition(last, { deadline: performance.now() + THROUGHPUT_DRAIN_LIMIT_MS });
    const windowSeconds = (processes.markWindowEnd() - windowStart) / 1000;
    const checkpoints = await settledCheckpoints(ctx.admin, storeId, last);
    const usage = processes.stop();

    const perSecond = (count, from, to) => (to > from ? round((count * 1000) / (to - from)) : null);
    const perSubscription = subscriptions.map(({ name, id }) => {
      const route = receiver.routes.get(name);
      const check = checkSequence(route, last, { subscriptionId: id, eventStoreId: storeId });
      const [first, final] = [route.arrivedAt[0], route.arrivedAt.at(-1)];
      return {
        subscriptionId: id,
        ...check,
        firstToLastS: round((final - first) / 1000, 2),
        deliveriesPerSecond: perSecond(check.arrivals, first, final),
      };
    });
    const rates = perSubscription.map((s) => s.deliveriesPerSecond ?? 0).sort((a, b) => a - b);
    const windowDeliveries = receiver.arrivals - deliveredBeforeWindow;
    if (usage.worker.cpuPercentOfOneCore !== undefined && windowDeliveries > 0) {
      usage.worker.cpuMsPerDelivery = round((usage.worker.cpuPercentOfOneCore * 10 * windowSeconds) / windowDeliveries, 3);
    }
    const run = {
      subscriptions: THROUGHPUT_SUBSCRIPTIONS,
      events: last,
      appendSeconds,
      workerStartSeconds,
      deliveries: receiver.arrivals,
      firstToLastS: round((receiver.lastAt - receiver.firstAt) / 1000, 2),
      deliveriesPerSecond: perSecond(receiver.arrivals, receiver.firstAt, receiver.lastAt),
      perSubscriptionDeliveriesPerSecond: { min: rates[0], median: rates[Math.floor((rates.length - 1) / 2)], max: rates.at(-1) },
      perSubscription,
      worker: usage.worker,
      api: usage.api,
      bench: usage.bench,
      verification: { complete, ...combinedChecks(perSubscription), checkpoints, malformed: receiver.malformed },
      workerLogTail: plain(worker.output).slice(-4000),
    };
    log(
      `  ${run.deliveries} deliveries in ${run.firstToLastS} s: ${run.deliveriesPerSecond}/s, per subscription ${rates[0]}–${rates.at(-1)}/s; ` +
        `worker peak RSS ${usage.worker.peakRssMb} MB, CPU ${usage.worker.cpuPercentOfOneCore} % of a core (${usage.worker.cpuMsPerDelivery} ms/delivery); ` +
        `in order and gap-free ${run.verification.inOrderGapFree}, duplicates ${run.verification.duplicates}, missing ${run.verification.missing}, ` +
        `checkpoints caught up ${checkpoints.allCaughtUp}`,
    );
    return run;
  } finally {
    await worker?.stop();
    await client.close();
    await receiver.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// i: how long an event takes from its append to the receiver, at a steady rate.

/**
 * Latency per second of the window, by when the events were sent: a steady few milliseconds, or a
 * backlog building up and draining, which the percentiles of the whole window cannot tell apart.
 */
function latencyBySecond(deliveryMs, appendMs) {
  const seconds = [];
  for (let from = 0; from < deliveryMs.length; from += LATENCY_RATE) {
    const known = (values) => values.slice(from, from + LATENCY_RATE).filter((value) => value !== null);
    const delivery = percentiles(known(deliveryMs));
    const append = percentiles(known(appendMs));
    seconds.push({
      second: from / LATENCY_RATE,
      deliveryP50: delivery.p50,
      deliveryMax: delivery.max,
      appendP50: append.p50,
      appendMax: append.max,
    });
  }
  return seconds;
}

async function measureLatency(ctx) {
  const { config, log } = ctx;
  const storeId = await ctx.createStore(`i-webhooks-${config.runId}`);
  const receiver = await WebhookReceiver.start();
  const client = new ApiClient(ctx.apiOrigin, { connections: LATENCY_CONNECTIONS, timeoutMs: config.requestTimeoutMs });
  let worker;
  try {
    worker = await ctx.startWorker();
    const subscriptionId = await subscribe(client, ctx, storeId, receiver.addRoute('latency'));
    const processes = sampleProcesses({
      worker: new ProcessSampler(worker.pid),
      api: new ProcessSampler(ctx.apiPid, { tree: true }),
      bench: new ProcessSampler(process.pid),
    });
    log('  worker ready, subscribed');
    const {
      warmupEvents,
      measuredEvents,
      appendMs,
      last,
      run: openLoop,
    } = await measureOpenLoop(ctx, {
      client,
      storeId,
      processes,
      rate: LATENCY_RATE,
      scale: LATENCY_SCALE,
      streams: STREAMS,
      event: (seq) => tick(seq, { sentAt: now() }),
    });
    const complete = await receiver.waitForPosition(last);
    const checkpoints = await settledCheckpoints(ctx.admin, storeId, last);
    const usage = processes.stop();
    // One delivery and one append per event: CPU ms per second of the window / events per second.
    const cpuMsPerEvent = ({ cpuPercentOfOneCore }) =>
      cpuPercentOfOneCore === undefined ? undefined : round((cpuPercentOfOneCore * 10) / LATENCY_RATE, 3);
    usage.worker.cpuMsPerDelivery = cpuMsPerEvent(usage.worker);
    usage.api.cpuMsPerAppend = cpuMsPerEvent(usage.api);

    // Each position's first arrival, for the events appended inside the measured window.
    const route = receiver.routes.get('latency');
    const seen = new Set();
    const deliveryMs = new Array(measuredEvents).fill(null);
    route.positions.forEach((position, i) => {
      if (seen.has(position)) return;
      seen.add(position);
      const data = route.data[i];
      if (data.seq >= warmupEvents) deliveryMs[data.seq - warmupEvents] = route.arrivedAt[i] - data.sentAt;
    });
    const latencies = deliveryMs.filter((ms) => ms !== null);
    const check = checkSequence(route, last, { subscriptionId, eventStoreId: storeId });
    const run = {
      ...openLoop,
      delivered: check.delivered,
      latencyMs: percentiles(latencies),
      latencyEvents: latencies.length,
      measuredEvents,
      latencyBySecond: latencyBySecond(deliveryMs, appendMs),
      worker: usage.worker,
      api: usage.api,
      bench: usage.bench,
      verification: { complete, ...check, checkpoints, malformed: receiver.malformed },
      workerLogTail: plain(worker.output).slice(-4000),
    };
    log(
      `  delivered ${check.delivered}/${last}, latency p50 ${run.latencyMs.p50} p90 ${run.latencyMs.p90} p99 ${run.latencyMs.p99} max ${run.latencyMs.max} ms ` +
        `(${latencies.length} events); append p50 ${run.appendLatencyMs.p50} p99 ${run.appendLatencyMs.p99} ms, ${run.errors} errors; ` +
        `duplicates ${check.duplicates}, out of order ${check.outOfOrder}; worker CPU ${usage.worker.cpuPercentOfOneCore} %, peak RSS ${usage.worker.peakRssMb} MB`,
    );
    return run;
  } finally {
    await worker?.stop();
    await client.close();
    await receiver.close();
  }
}

export const WEBHOOK_SCENARIOS = [
  {
    id: 'h',
    name: 'webhook-throughput',
    kind: 'webhook',
    summary:
      `${THROUGHPUT_SUBSCRIPTIONS} webhook subscriptions (filter \`*\`) on one store drain ${(THROUGHPUT_BATCHES * THROUGHPUT_BATCH_SIZE).toLocaleString('en-US')} events ` +
      `appended before the worker starts (${THROUGHPUT_BATCHES} appends of ${THROUGHPUT_BATCH_SIZE}); deliveries/s from the first to the last arrival`,
    measure: measureThroughput,
  },
  {
    id: 'i',
    name: 'webhook-latency',
    kind: 'webhook',
    summary: `1 webhook subscription (filter \`*\`), single-event appends at a fixed ${LATENCY_RATE}/s (open loop); latency = arrival at the receiver − start of the append request`,
    measure: measureLatency,
  },
];
