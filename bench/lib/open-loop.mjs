// Single-event appends at a fixed rate, shared by the latency scenarios (webhooks, WebSockets).
import { setTimeout as sleep } from 'node:timers/promises';
import { percentiles } from './load.mjs';

/** Wall-clock epoch milliseconds with sub-millisecond precision, comparable across this process's timers. */
export const now = () => performance.timeOrigin + performance.now();

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
