// A closed-loop load generator: N workers, each issuing its next operation as soon as the last one
// completes. Only operations that complete inside the measured window (after the warm-up) count.
import { round } from './process-metrics.mjs';

/**
 * `op(worker)` performs one request or transaction and resolves to
 *   { outcome: 'ok', events, tag? } success, `events` events written or read (`tag`: per-tag latencies)
 *   { outcome: 'retry' }            an expected refusal the client recovers from (409 on the hot stream)
 *   { outcome: 'error', error }     anything else (its key is counted in `errors`)
 * A thrown error counts as an error whose outcome is unknown (a timeout may still have committed).
 */
export async function drive({ concurrency, warmupMs, durationMs, drainTimeoutMs = 30_000, op, onWindowStart, onWindowEnd }) {
  const start = performance.now();
  const windowStart = start + warmupMs;
  const windowEnd = windowStart + durationMs;
  const latencies = [];
  const byTag = new Map();
  const measured = { requests: 0, ok: 0, retries: 0, events: 0, errors: {} };
  const total = { requests: 0, ok: 0, retries: 0, events: 0, errors: 0, unknownOutcomes: 0 };
  const firstErrors = [];

  // Each mark once, the start before the end: by its timer, or by the clients when their event loop is too
  // busy for the timer to fire in time (the last operations can end in one turn past the window, and the
  // run would end before the end's timer had run, its CPU and database counters never taken). A window
  // whose start nobody saw inside it (the loop blocked throughout) is not marked at all: its two marks,
  // taken one after the other at its end, would make figures of an instant.
  const marked = { start: false, end: false };
  const markStart = () => {
    if (marked.start) return;
    marked.start = true;
    onWindowStart?.();
  };
  const markEnd = () => {
    if (marked.end) return;
    marked.end = true;
    if (marked.start) onWindowEnd?.();
  };
  const windowTimers = [
    setTimeout(() => performance.now() < windowEnd && markStart(), warmupMs),
    setTimeout(markEnd, warmupMs + durationMs),
  ];

  const worker = async (index) => {
    while (performance.now() < windowEnd) {
      const began = performance.now();
      let result;
      try {
        result = await op(index);
      } catch (error) {
        result = { outcome: 'error', error: error?.code ?? error?.name ?? 'exception', detail: error?.message, unknown: true };
      }
      const ended = performance.now();
      if (ended >= windowStart && ended < windowEnd) markStart();
      else if (ended >= windowEnd) markEnd();
      total.requests++;
      if (result.outcome === 'ok') {
        total.ok++;
        total.events += result.events;
      } else if (result.outcome === 'retry') {
        total.retries++;
      } else {
        total.errors++;
        if (result.unknown) total.unknownOutcomes++;
        if (firstErrors.length < 5) firstErrors.push({ error: result.error, detail: String(result.detail ?? '').slice(0, 300) });
      }
      if (ended < windowStart || ended > windowEnd) continue;
      measured.requests++;
      latencies.push(ended - began);
      if (result.tag !== undefined) {
        const tagged = byTag.get(result.tag) ?? { requests: 0, events: 0, latencies: [] };
        tagged.requests++;
        tagged.events += result.events ?? 0;
        tagged.latencies.push(ended - began);
        byTag.set(result.tag, tagged);
      }
      if (result.outcome === 'ok') {
        measured.ok++;
        measured.events += result.events;
      } else if (result.outcome === 'retry') {
        measured.retries++;
      } else {
        measured.errors[result.error] = (measured.errors[result.error] ?? 0) + 1;
      }
    }
  };

  const workers = Promise.all(Array.from({ length: concurrency }, (_, index) => worker(index)));
  let drainTimer;
  const drained = await Promise.race([
    workers.then(() => true),
    new Promise((resolve) => {
      drainTimer = setTimeout(() => resolve(false), Math.max(0, windowEnd - performance.now()) + drainTimeoutMs);
    }),
  ]);
  clearTimeout(drainTimer);
  windowTimers.forEach(clearTimeout);
  // No client saw the end when each one's last operation ended just before it, and its timer has not run.
  markEnd();

  const seconds = durationMs / 1000;
  const errorCount = Object.values(measured.errors).reduce((a, b) => a + b, 0);
  return {
    clients: concurrency,
    durationS: seconds,
    warmupS: warmupMs / 1000,
    eventsPerSecond: round(measured.events / seconds),
    requestsPerSecond: round(measured.requests / seconds),
    okRequestsPerSecond: round(measured.ok / seconds),
    latencyMs: percentiles(latencies),
    measured: { ...measured, errorCount },
    total,
    firstErrors,
    drained,
    ...(byTag.size > 0 && {
      byTag: Object.fromEntries(
        [...byTag].map(([tag, t]) => [
          tag,
          { requests: t.requests, eventsPerRequest: round(t.events / t.requests), latencyMs: percentiles(t.latencies) },
        ]),
      ),
    }),
  };
}

export function percentiles(values) {
  if (values.length === 0) return { p50: null, p90: null, p99: null, max: null, mean: null };
  const sorted = Float64Array.from(values).sort();
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return { p50: round(at(0.5), 2), p90: round(at(0.9), 2), p99: round(at(0.99), 2), max: round(sorted.at(-1), 2), mean: round(mean, 2) };
}
