// Linux /proc readings: a process's resident memory and CPU time, and the machine's CPU use.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let clockTicks;
function ticksPerSecond() {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8', timeout: 5000 }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** Resident set size in bytes, or null once the process is gone. */
export function rssBytes(pid) {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** User + system CPU seconds the process has used so far, or null. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond();
  } catch {
    return null;
  }
}

/** Busy and total jiffies of all CPUs together (first line of /proc/stat). */
export function machineCpu() {
  try {
    const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const numbers = values.map(Number);
    const idle = numbers[3] + (numbers[4] ?? 0);
    const total = numbers.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/**
 * Samples a process's RSS every `intervalMs` while running; `window()` marks the measured span, for
 * which it also reports the process's CPU use and the machine's, both as % of one core.
 */
export class ProcessSampler {
  constructor(pid, intervalMs = 100) {
    this.pid = pid;
    this.peakRss = rssBytes(pid) ?? 0;
    this.startRss = this.peakRss;
    this.timer = setInterval(() => {
      const rss = rssBytes(pid);
      if (rss !== null && rss > this.peakRss) this.peakRss = rss;
    }, intervalMs);
    this.timer.unref();
    this.windowStart = null;
    this.windowEnd = null;
  }

  markWindowStart() {
    this.windowStart = { at: performance.now(), cpu: cpuSeconds(this.pid), machine: machineCpu() };
  }

  markWindowEnd() {
    this.windowEnd = { at: performance.now(), cpu: cpuSeconds(this.pid), machine: machineCpu() };
  }

  stop() {
    clearInterval(this.timer);
    const rss = rssBytes(this.pid);
    if (rss !== null && rss > this.peakRss) this.peakRss = rss;
    const result = { startRssMb: round(this.startRss / 2 ** 20), peakRssMb: round(this.peakRss / 2 ** 20) };
    const { windowStart: a, windowEnd: b } = this;
    if (a && b && b.at > a.at) {
      const seconds = (b.at - a.at) / 1000;
      if (a.cpu !== null && b.cpu !== null) result.cpuPercentOfOneCore = round((100 * (b.cpu - a.cpu)) / seconds);
      if (a.machine && b.machine && b.machine.total > a.machine.total) {
        result.machineCpuBusyPercent = round((100 * (b.machine.busy - a.machine.busy)) / (b.machine.total - a.machine.total));
      }
    }
    return result;
  }
}

export const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * A scenario's processes, each sampled from when its sampler was made (peak RSS) and over one
 * common window (CPU), e.g. the worker, the API and this process.
 */
export function sampleProcesses(samplers) {
  const all = Object.values(samplers);
  return {
    /** Marks the measured window's start in every sampler; returns when (performance.now()). */
    markWindowStart() {
      all.forEach((sampler) => sampler.markWindowStart());
      return performance.now();
    },
    markWindowEnd() {
      all.forEach((sampler) => sampler.markWindowEnd());
      return performance.now();
    },
    stop: () => Object.fromEntries(Object.entries(samplers).map(([name, sampler]) => [name, sampler.stop()])),
  };
}
