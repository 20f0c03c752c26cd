// Single-event appends at a fixed rate, shared by the latency scenarios (webhooks, WebSockets).
import { setTimeout as sleep } from 'node:timers/promises';
import { lastPosition } from './database.mjs';
import { percentiles } from './load.mjs';
import { round } from './process-metrics.mjs';

/** A performance.now() mark as epoch milliseconds: the clock of now(), arrivals and `sentAt`. */
export const toEpoch = (mark) => performance.timeOrigin + mark;

/** Wall-clock epoch milliseconds with sub-millisecond precision, comparable across this process's timers. */
export const now = () => toEpoch(performance.now());

/**
 * Open loop: append `seq` starts at start + seq / rate whatever the earlier ones are doing (a late
 * tick fires at once), so a slow answer does not lower the load it is measured under. `event(seq)`
 * builds the event; it is called when its request starts, so a `sentAt: now()` in its data is that
 * moment on this process's clock. `path(seq)` is the append's path (family A stream append).
 */
export async function appendAtFixedRate({ client, token, path, event, rate, count, measuredFrom, onWindowStart }) {
  const intervalMs = 1000 / rate;
  // Round trip of each measured append, by its number in the window (null: failed).
  const appendMs = new Array(count - measuredFrom).fill(null);
  const lags = [];
  const firstErrors = [];
  let acknowledged = 0;
  let errors = 0;
  const append = async (seq) => {
    const began = performance.now();
    const body = JSON.stringify({ events: [event(seq)] });
    try {
      const { status, text } = await client.request('POST', path(seq), { token, body });
      if (status !== 200) throw new Error(`HTTP ${status}: ${text.slice(0, 300)}`);
      acknowledged++;
      if (seq >= measuredFrom) appendMs[seq - measuredFrom] = performance.now() - began;
    } catch (error) {
      errors++;
      if (firstErrors.length < 5) firstErrors.push({ error: error.code ?? error.name, detail: String(error.message).slice(0, 300) });
    }
  };
  const pending = [];
  const start = performance.now();
  for (let seq = 0; seq < count; seq++) {
    const due = start + seq * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (seq === measuredFrom) onWindowStart();
    if (seq >= measuredFrom) lags.push(performance.now() - due);
    pending.push(append(seq));
  }
  await Promise.all(pending);
  return { acknowledged, errors, firstErrors, schedulerLagMs: percentiles(lags), appendMs };
}

/**
 * A latency scenario's appends (i, j): `scale` × BENCH_WARMUP_S uncounted, then `scale` × BENCH_DURATION_S
 * measured, single events built by `event(seq)` at a fixed `rate` round-robin over the store's streams
 * tick-0 … tick-<streams − 1>. The measured window, over which `processes` measure CPU and
 * `onWindowStart`/`onWindowEnd` are called (j profiles the API), runs from the first measured append's tick
 * to the answer of the last append. Resolves then, with the store's last position (every subscriber's
 * expected 1..last) and the fields both scenarios report in `run`.
 */
export async function measureOpenLoop(
  ctx,
  { client, storeId, processes, rate, scale, streams, event, onWindowStart = () => {}, onWindowEnd = () => {} },
) {
  const warmupS = (scale * ctx.config.warmupMs) / 1000;
  const durationS = (scale * ctx.config.durationMs) / 1000;
  const warmupEvents = Math.round(rate * warmupS);
  const measuredEvents = Math.round(rate * durationS);
  ctx.log(`  appending ${warmupEvents} + ${measuredEvents} single events at ${rate}/s`);
  let windowStart;
  const { appendMs, ...appends } = await appendAtFixedRate({
    client,
    token: ctx.apiKey,
    path: (seq) => `/event-stores/${storeId}/streams/tick-${seq % streams}`,
    event,
    rate,
    count: warmupEvents + measuredEvents,
    measuredFrom: warmupEvents,
    onWindowStart: () => {
      windowStart = processes.markWindowStart();
      onWindowStart();
    },
  });
  const windowEnd = processes.markWindowEnd();
  onWindowEnd();
  const last = await lastPosition(ctx.admin, storeId);
  return {
    warmupEvents,
    measuredEvents,
    appendMs,
    last,
    // On the clock of now(), to compare with arrivals.
    window: { from: toEpoch(windowStart), to: toEpoch(windowEnd), seconds: (windowEnd - windowStart) / 1000 },
    run: {
      rate,
      warmupS,
      durationS,
      windowS: round((windowEnd - windowStart) / 1000, 2),
      appendsSent: warmupEvents + measuredEvents,
      ...appends,
      expected: last,
      appendLatencyMs: percentiles(appendMs.filter((ms) => ms !== null)),
    },
  };
}
