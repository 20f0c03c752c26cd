import { appendFileSync, readFileSync } from 'node:fs';

/** Latencies of one kind of request, in milliseconds, as a tenant saw them. */
export interface Latencies {
  samples: number[];
  p50: number;
  p95: number;
  p99: number;
}

export function latencies(samples: number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
  return { samples, p50: at(50), p95: at(95), p99: at(99) };
}

/** Runs `request` one after another (`count` times, or until `deadline`), timing each. A request that fails fails the measurement. */
export async function timeEach(request: () => Promise<unknown>, { count, deadline = Infinity }: { count: number; deadline?: number }) {
  const samples: number[] = [];
  for (let i = 0; i < count && Date.now() < deadline; i += 1) {
    const start = performance.now();
    await request();
    samples.push(performance.now() - start);
  }
  return latencies(samples);
}

/**
 * The fair-share rule, a ratio to the tenant's own baseline measured in the same test (so it holds
 * on a loaded machine): while another tenant attacks, a tenant's latency stays within 5× its latency
 * alone, or that + 250 ms, whichever is larger. The second term keeps a baseline of a few
 * milliseconds from making the bound stricter than a machine's scheduling noise.
 */
export function fairShareBound(alone: number): number {
  return Math.max(5 * alone, alone + 250);
}

/** The resident memory of a process now, in bytes (Linux); 0 once it has exited. */
export function residentBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's resident memory every 100 ms until stopped; `peak` is the largest seen. */
export function watchResidentMemory(pid: number): { readonly peak: number; stop(): void } {
  let peak = residentBytes(pid);
  const timer = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 100);
  return {
    get peak() {
      return peak;
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * With FAIRNESS_REPORT=<file>, appends one JSON line of figures per scenario, for the record (the
 * tests assert on the figures; this only keeps them).
 */
export function recordFigures(scenario: string, figures: Record<string, unknown>): void {
  const file = process.env.FAIRNESS_REPORT;
  if (file) appendFileSync(file, `${JSON.stringify({ scenario, ...figures })}\n`);
}
