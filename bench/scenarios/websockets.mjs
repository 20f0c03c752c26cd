// Live fan-out over WebSocket, measured at `ws` clients in this process:
//   j  websocket-fanout: 200 clients subscribed to `*`, single-event appends at a fixed 500/s;
//      append start → event frame at each client, and every client's positions checked 1..N.
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocket } from 'ws';
import { ApiClient } from '../lib/api-process.mjs';
import { percentiles } from '../lib/load.mjs';
import { appendAtFixedRate, now } from '../lib/open-loop.mjs';
import { ProcessSampler, round, sampleProcesses } from '../lib/process-metrics.mjs';

const CLIENTS = 200;
const RATE = 500;
// 3 × BENCH_WARMUP_S + 3 × BENCH_DURATION_S, 6 + 30 s by default, as the webhook latency run.
const SCALE = 3;
const APPEND_CONNECTIONS = 32;
const STREAMS = 10;
// After the last append, how long the clients may take to receive everything before the run is called incomplete.
const DRAIN_LIMIT_MS = 60_000;

/** One subscriber: every event frame's position and arrival, and the frame's `sentAt`. */
class FanoutClient {
  constructor(url) {
    this.positions = [];
    this.arrivedAt = [];
    this.sentAt = [];
    this.seqs = [];
    this.otherFrames = [];
    this.socket = new WebSocket(url);
    this.socket.on('message', (data) => {
      const at = now();
      const frame = JSON.parse(data.toString());
      if (frame.type !== 'event') return this.otherFrames.push(frame);
      this.positions.push(frame.event.globalPosition);
      this.arrivedAt.push(at);
      this.sentAt.push(frame.event.data.sentAt);
      this.seqs.push(frame.event.data.seq);
    });
    this.closed = new Promise((resolve) => this.socket.once('close', (code) => resolve(code)));
  }

  async subscribe() {
    await new Promise((resolve, reject) => {
      this.socket.once('open', resolve);
      this.socket.once('error', reject);
    });
    this.socket.send(JSON.stringify({ action: 'subscribe', eventFilter: '*', position: 'latest' }));
    const deadline = performance.now() + 10_000;
    while (!this.otherFrames.some((frame) => frame.type === 'subscribed')) {
      if (performance.now() > deadline) throw new Error(`no subscribed frame: ${JSON.stringify(this.otherFrames)}`);
      await sleep(10);
    }
  }

  /** Positions must be exactly 1..last, in order: anything else is a missed, duplicated or reordered frame. */
  check(last) {
    const seen = new Set();
    let duplicates = 0;
    let outOfOrder = 0;
    this.positions.forEach((position, i) => {
      if (seen.has(position)) duplicates++;
      seen.add(position);
      if (i > 0 && position <= this.positions[i - 1]) outOfOrder++;
    });
    let missing = 0;
    for (let position = 1; position <= last; position++) if (!seen.has(position)) missing++;
    return { frames: this.positions.length, duplicates, outOfOrder, missing, closed: this.socket.readyState !== WebSocket.OPEN };
  }

  close() {
    this.socket.terminate();
  }
}

async function waitForAll(clients, last) {
  const deadline = performance.now() + DRAIN_LIMIT_MS;
  while (clients.some((client) => client.positions.length < last && client.socket.readyState === WebSocket.OPEN)) {
    if (performance.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

async function measureFanout(ctx) {
  const { config, log } = ctx;
  const storeId = await ctx.createStore(`j-websockets-${config.runId}`);
  const appender = new ApiClient(ctx.apiOrigin, { connections: APPEND_CONNECTIONS, timeoutMs: config.requestTimeoutMs });
  const wsUrl = `${ctx.apiOrigin.replace(/^http/, 'ws')}/event-stores/${storeId}/events/ws?apiKey=${ctx.apiKey}`;
  const warmupS = (SCALE * config.warmupMs) / 1000;
  const durationS = (SCALE * config.durationMs) / 1000;
  const warmupEvents = Math.round(RATE * warmupS);
  const measuredEvents = Math.round(RATE * durationS);
  const clients = [];
  try {
    const apiSampler = new ProcessSampler(ctx.apiPid);
    for (let i = 0; i < CLIENTS; i++) clients.push(new FanoutClient(`${wsUrl}&clientId=bench-${i}`));
    await Promise.all(clients.map((client) => client.subscribe()));
    const processes = sampleProcesses({ api: apiSampler, bench: new ProcessSampler(process.pid) });
    log(`  ${CLIENTS} clients subscribed; appending ${warmupEvents} + ${measuredEvents} single events at ${RATE}/s`);

    let windowStart;
    const { appendMs, ...appends } = await appendAtFixedRate({
      client: appender,
      token: ctx.apiKey,
      path: (seq) => `/event-stores/${storeId}/streams/tick-${seq % STREAMS}`,
      event: (seq) => ({ type: 'bench.tick', data: { seq, sentAt: now(), amount: 4200 + seq, currency: 'EUR' } }),
      rate: RATE,
      count: warmupEvents + measuredEvents,
      measuredFrom: warmupEvents,
      onWindowStart: () => {
        windowStart = processes.markWindowStart();
        ctx.profileWindow();
      },
    });
    const windowSeconds = (processes.markWindowEnd() - windowStart) / 1000;
    ctx.profileWindow();
    const { rows } = await ctx.admin.query('SELECT last_position FROM event_stores WHERE id = $1', [storeId]);
    const last = Number(rows[0].last_position);
    const complete = await waitForAll(clients, last);
    const usage = processes.stop();

    // Each frame of an event appended in the measured window: arrival − the start of its append request.
    const latencies = [];
    for (const client of clients) {
      client.seqs.forEach((seq, i) => {
        if (seq >= warmupEvents) latencies.push(client.arrivedAt[i] - client.sentAt[i]);
      });
    }
    const checks = clients.map((client) => client.check(last));
    const sum = (key) => checks.reduce((total, check) => total + check[key], 0);
    const framesPerSecond = round((measuredEvents * CLIENTS) / windowSeconds);
    if (usage.api.cpuPercentOfOneCore !== undefined) usage.api.cpuMsPer1000Frames = round((usage.api.cpuPercentOfOneCore * 10 * 1000) / framesPerSecond, 3);
    const run = {
      clients: CLIENTS,
      rate: RATE,
      warmupS,
      durationS,
      windowS: round(windowSeconds, 2),
      appendsSent: warmupEvents + measuredEvents,
      ...appends,
      expected: last,
      framesExpected: last * CLIENTS,
      framesReceived: sum('frames'),
      framesPerSecond,
      latencyMs: percentiles(latencies),
      latencyFrames: latencies.length,
      appendLatencyMs: percentiles(appendMs.filter((ms) => ms !== null)),
      api: usage.api,
      bench: usage.bench,
      verification: {
        complete,
        missing: sum('missing'),
        duplicates: sum('duplicates'),
        outOfOrder: sum('outOfOrder'),
        clientsClosed: checks.filter((check) => check.closed).length,
        errorFrames: clients.flatMap((client) => client.otherFrames.filter((frame) => frame.type === 'error')).slice(0, 5),
      },
    };
    log(
      `  ${run.framesReceived}/${run.framesExpected} frames, latency p50 ${run.latencyMs.p50} p99 ${run.latencyMs.p99} max ${run.latencyMs.max} ms; ` +
        `missing ${run.verification.missing}, duplicates ${run.verification.duplicates}, out of order ${run.verification.outOfOrder}; ` +
        `append p50 ${run.appendLatencyMs.p50} p99 ${run.appendLatencyMs.p99} ms, ${appends.errors} errors; API peak RSS ${usage.api.peakRssMb} MB, CPU ${usage.api.cpuPercentOfOneCore} %`,
    );
    return run;
  } finally {
    clients.forEach((client) => client.close());
    await appender.close();
  }
}

export const WEBSOCKET_SCENARIOS = [
  {
    id: 'j',
    name: 'websocket-fanout',
    kind: 'websocket',
    summary:
      `${CLIENTS} WebSocket clients subscribed to \`*\` (position \`latest\`) on one store, single-event appends at a fixed ${RATE}/s (open loop); ` +
      'latency = event frame at the client − start of the append request',
    measure: measureFanout,
  },
];
