// Live fan-out over WebSocket, measured at `ws` clients in this process:
//   j  websocket-fanout: 200 clients subscribed to `*`, single-event appends at a fixed 500/s
//      (BENCH_FANOUT_CLIENTS, BENCH_FANOUT_RATE; issue 27 states its bound at 100 clients and 300/s);
//      append start → each position's first event frame at each client, and every client's positions checked 1..N.
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocket } from 'ws';
import { ApiClient } from '../lib/api-process.mjs';
import { positiveNumber } from '../lib/config.mjs';
import { percentiles } from '../lib/load.mjs';
import { measureOpenLoop, now } from '../lib/open-loop.mjs';
import { ProcessSampler, round, sampleProcesses } from '../lib/process-metrics.mjs';
import { checkPositions } from '../lib/sequence-check.mjs';

const CLIENTS = Math.round(positiveNumber('BENCH_FANOUT_CLIENTS', 200));
const RATE = positiveNumber('BENCH_FANOUT_RATE', 500);
// 3 × BENCH_WARMUP_S + 3 × BENCH_DURATION_S, 6 + 30 s by default, as the webhook latency run.
const SCALE = 3;
const APPEND_CONNECTIONS = 32;
const STREAMS = 10;
// After the last append, how long the clients may take to receive everything before the run is called incomplete.
const DRAIN_LIMIT_MS = 60_000;

/** One subscriber: every event frame's position and arrival, and the frame's `seq` and `sentAt`. */
class FanoutClient {
  constructor(url) {
    this.positions = [];
    this.arrivedAt = [];
    this.sentAt = [];
    this.seqs = [];
    this.highest = 0;
    this.otherFrames = [];
    this.socket = new WebSocket(url);
    this.socket.on('message', (data) => {
      const at = now();
      const frame = JSON.parse(data.toString());
      if (frame.type !== 'event') return this.otherFrames.push(frame);
      const position = frame.event.globalPosition;
      this.positions.push(position);
      if (position > this.highest) this.highest = position;
      this.arrivedAt.push(at);
      this.sentAt.push(frame.event.data.sentAt);
      this.seqs.push(frame.event.data.seq);
    });
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

  /** Positions against 1..last, counted as for the webhook scenarios, and whether the server closed the socket. */
  check(last) {
    return { ...checkPositions(this.positions, last), closed: this.socket.readyState !== WebSocket.OPEN };
  }

  /** Append start → arrival of each position's first frame (as scenario i), for the events numbered `fromSeq` on. */
  latencies(fromSeq) {
    const seen = new Set();
    const latencies = [];
    this.positions.forEach((position, i) => {
      if (seen.has(position)) return;
      seen.add(position);
      if (this.seqs[i] >= fromSeq) latencies.push(this.arrivedAt[i] - this.sentAt[i]);
    });
    return latencies;
  }

  /** Event frames that arrived between `from` and `to` (now()'s clock). */
  framesBetween(from, to) {
    return this.arrivedAt.reduce((count, at) => (at >= from && at <= to ? count + 1 : count), 0);
  }

  close() {
    this.socket.terminate();
  }
}

/**
 * Waits (at most DRAIN_LIMIT_MS) until every client has received position `last`: one socket's frames
 * arrive in the order sent, so nothing sent before it is still on the way. True only if every client
 * got there; a socket the server closed ends the wait for that client but leaves the run incomplete.
 */
async function waitForAll(clients, last) {
  const behind = () => clients.filter((client) => client.highest < last);
  const deadline = performance.now() + DRAIN_LIMIT_MS;
  while (behind().some((client) => client.socket.readyState === WebSocket.OPEN) && performance.now() < deadline) await sleep(20);
  return behind().length === 0;
}

async function measureFanout(ctx) {
  const { config, log } = ctx;
  const storeId = await ctx.createStore(`j-websockets-${config.runId}`);
  const appender = new ApiClient(ctx.apiOrigin, { connections: APPEND_CONNECTIONS, timeoutMs: config.requestTimeoutMs });
  const wsUrl = `${ctx.apiOrigin.replace(/^http/, 'ws')}/event-stores/${storeId}/events/ws?apiKey=${ctx.apiKey}`;
  const clients = [];
  try {
    const apiSampler = new ProcessSampler(ctx.apiPid, { tree: true });
    for (let i = 0; i < CLIENTS; i++) clients.push(new FanoutClient(`${wsUrl}&clientId=bench-${i}`));
    await Promise.all(clients.map((client) => client.subscribe()));
    const processes = sampleProcesses({ api: apiSampler, bench: new ProcessSampler(process.pid) });
    log(`  ${CLIENTS} clients subscribed`);

    const openLoop = await measureOpenLoop(ctx, {
      client: appender,
      storeId,
      processes,
      rate: RATE,
      scale: SCALE,
      streams: STREAMS,
      event: (seq) => ({ type: 'bench.tick', data: { seq, sentAt: now(), amount: 4200 + seq, currency: 'EUR' } }),
      onWindowStart: ctx.profileWindow,
      onWindowEnd: ctx.profileWindow,
    });
    const { last, window } = openLoop;
    // The drain (frames still on their way after the last append's answer) is outside the CPU window, and
    // so are its frames: frames/s and CPU per frame both count the frames that arrived inside the window.
    const complete = await waitForAll(clients, last);
    const usage = processes.stop();

    const framesInWindow = clients.reduce((total, client) => total + client.framesBetween(window.from, window.to), 0);
    if (usage.api.cpuPercentOfOneCore !== undefined && framesInWindow > 0) {
      usage.api.cpuMsPer1000Frames = round((usage.api.cpuPercentOfOneCore * 10 * window.seconds * 1000) / framesInWindow, 3);
    }
    const latencies = clients.flatMap((client) => client.latencies(openLoop.warmupEvents));
    const lastArrival = Math.max(...clients.map((client) => client.arrivedAt.at(-1) ?? -Infinity));
    const checks = clients.map((client) => client.check(last));
    const sum = (key) => checks.reduce((total, check) => total + check[key], 0);
    // Unlike a webhook, a live frame is never retried: every client must get each position exactly once, in order.
    const everyClientExact = checks.every((check) => check.inOrderGapFree && check.duplicates === 0);
    const clientsClosed = checks.filter((check) => check.closed).length;
    const run = {
      clients: CLIENTS,
      ...openLoop.run,
      framesExpected: last * CLIENTS,
      framesReceived: sum('arrivals'),
      framesInWindow,
      framesPerSecond: round(framesInWindow / window.seconds),
      framesPlannedPerSecond: RATE * CLIENTS,
      lastFrameAfterWindowS: Number.isFinite(lastArrival) ? round(Math.max(0, lastArrival - window.to) / 1000, 2) : null,
      latencyMs: percentiles(latencies),
      latencyFrames: latencies.length,
      api: usage.api,
      bench: usage.bench,
      verification: {
        passed: everyClientExact && complete && clientsClosed === 0,
        complete,
        everyClientExact,
        missing: sum('missing'),
        duplicates: sum('duplicates'),
        outOfOrder: sum('outOfOrder'),
        unexpected: sum('unexpected'),
        clientsClosed,
        errorFrames: clients.flatMap((client) => client.otherFrames.filter((frame) => frame.type === 'error')).slice(0, 5),
      },
    };
    const v = run.verification;
    log(
      `  ${run.framesReceived}/${run.framesExpected} frames, ${run.framesPerSecond} frames/s in the window (planned ${run.framesPlannedPerSecond}), ` +
        `last ${run.lastFrameAfterWindowS} s after it; latency p50 ${run.latencyMs.p50} p99 ${run.latencyMs.p99} max ${run.latencyMs.max} ms; ` +
        `missing ${v.missing}, duplicates ${v.duplicates}, out of order ${v.outOfOrder}, unexpected ${v.unexpected}, clients closed ${clientsClosed}, passed ${v.passed}; ` +
        `append p50 ${run.appendLatencyMs.p50} p99 ${run.appendLatencyMs.p99} ms, ${run.errors} errors; API peak RSS ${usage.api.peakRssMb} MB, CPU ${usage.api.cpuPercentOfOneCore} %`,
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
      'latency = first event frame of a position at the client − start of the append request',
    measure: measureFanout,
  },
];
