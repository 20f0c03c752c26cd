import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The bench's load generator (bench/lib/load.mjs, an ES module, run here in a node of its own) marks
 * its measured window once at each end, which is when the bench takes the processes' CPU and the
 * database's counters. Its client's event loop is often too busy for a timer to fire on time: here
 * every operation ends in one shared turn that keeps it busy for 30 ms, so the last ones end together,
 * past the window, before the end's timer has run.
 */
describe("The bench's load generator", () => {
  it('marks the start and the end of its window once each, even when its last operations end in one late turn', () => {
    const load = pathToFileURL(join(__dirname, '..', '..', 'bench', 'lib', 'load.mjs')).href;
    const script = `
      import { drive } from ${JSON.stringify(load)};
      const marks = [];
      const busy = (ms) => { const until = performance.now() + ms; while (performance.now() < until); };
      let waiting = [];
      const together = () => new Promise((resolve) => {
        if (waiting.push(resolve) === 1) setImmediate(() => { busy(30); const now = waiting; waiting = []; now.forEach((r) => r()); });
      });
      const result = await drive({
        concurrency: 4, warmupMs: 50, durationMs: 1000, drainTimeoutMs: 30_000,
        op: async () => { await together(); return { outcome: 'ok', events: 1 }; },
        onWindowStart: () => marks.push('start'), onWindowEnd: () => marks.push('end'),
      });
      console.log(JSON.stringify({ marks, drained: result.drained, counted: result.measured.ok > 0 }));`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
    expect(JSON.parse(output)).toEqual({ marks: ['start', 'end'], drained: true, counted: true });
  });
});
