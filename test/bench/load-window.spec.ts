import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const LOAD = pathToFileURL(join(__dirname, '..', '..', 'bench', 'lib', 'load.mjs')).href;

/**
 * Runs the bench's load generator (bench/lib/load.mjs, an ES module) in a node of its own with
 * `options` (JavaScript source) and `op`, each operation keeping the event loop busy with `busy(ms)`,
 * and returns the window's marks, in order, and how many operations counted as measured.
 */
function driveMarks(options: string, op: string): { marks: string[]; measured: number } {
  const script = `
    import { drive } from ${JSON.stringify(LOAD)};
    const marks = [];
    const busy = (ms) => { const until = performance.now() + ms; while (performance.now() < until); };
    let waiting = [];
    const together = () => new Promise((resolve) => {
      if (waiting.push(resolve) === 1) setImmediate(() => { busy(30); const now = waiting; waiting = []; now.forEach((r) => r()); });
    });
    const result = await drive({ ${options}, op: ${op},
      onWindowStart: () => marks.push('start'), onWindowEnd: () => marks.push('end') });
    console.log(JSON.stringify({ marks, measured: result.measured.requests }));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 }));
}

/**
 * The load generator marks its measured window once at each end, which is when the bench takes the
 * processes' CPU and the database's counters. Its client's event loop is often too busy for a timer
 * to fire on time. The windows here are long enough for what they assert whatever the machine's speed:
 * the operations' busy time is measured on the clock, so a slower machine only shifts it.
 */
describe("The bench's load generator", () => {
  it('marks the start and the end of its window once each, even when its last operations end in one late turn', () => {
    // Every operation ends in one shared turn busy for 30 ms: the last ones end together, past the
    // window, before the end's timer has run.
    const run = driveMarks(
      'concurrency: 4, warmupMs: 50, durationMs: 1000, drainTimeoutMs: 30_000',
      "async () => { await together(); return { outcome: 'ok', events: 1 }; }",
    );
    expect(run.marks).toEqual(['start', 'end']);
    expect(run.measured).toBeGreaterThan(0);
  });

  it('marks nothing when its event loop was blocked for the whole window, rather than a window of an instant', () => {
    // One operation busy for 400 ms spans the whole 250 ms of warm-up and window.
    const run = driveMarks(
      'concurrency: 1, warmupMs: 50, durationMs: 200, drainTimeoutMs: 30_000',
      "async () => { busy(400); await new Promise((resolve) => setImmediate(resolve)); return { outcome: 'ok', events: 1 }; }",
    );
    expect(run).toEqual({ marks: [], measured: 0 });
  });
});
