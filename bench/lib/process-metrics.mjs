// Linux /proc readings: a process's resident memory and CPU time, and the machine's CPU use.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

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

/** The fields of /proc/<pid>/stat after the command name (which is in parentheses and may contain spaces), or null. */
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** User + system CPU seconds the process has used so far, or null. */
export function cpuSeconds(pid) {
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / ticksPerSecond() : null;
}

/**
 * CPU seconds of the process and of its children it has waited for (utime + stime + cutime + cstime), or
 * null: summed over a process tree, a child that exited and was reaped stays counted in its parent.
 */
function cpuSecondsWithReaped(pid) {
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / ticksPerSecond() : null;
}

/**
 * `pid` and all its descendants, found by the parent pid in /proc/<pid>/stat of every process
 * (/proc/<pid>/task/<tid>/children needs a kernel option that is not always there).
 */
export function processTree(pid) {
  const children = new Map();
  let entries;
  try {
    entries = readdirSync('/proc');
  } catch {
    return [pid];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = Number(statFields(entry)?.[1]);
    if (!Number.isFinite(parent)) continue;
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(Number(entry));
  }
  const tree = [];
  const pending = [pid];
  while (pending.length) {
    const next = pending.pop();
    tree.push(next);
    pending.push(...(children.get(next) ?? []));
  }
  return tree;
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
 *
 * With `tree: true` it covers the process and every descendant (the API's cluster workers): the tree is
 * scanned again every `rescanMs` (workers may start late) and at each window mark. RSS is then the sum
 * over the tree (`peakRssMb`: its peak), with the peak of the largest single process and the most
 * processes seen; CPU is summed over the tree, a descendant that exited and was reaped counting on in
 * its parent (cutime, cstime).
 */
export class ProcessSampler {
  constructor(pid, { intervalMs = 100, tree = false, rescanMs = 1000 } = {}) {
    this.pid = pid;
    this.tree = tree;
    this.pids = tree ? processTree(pid) : [pid];
    this.peakRss = 0;
    this.peakLargestRss = 0;
    this.maxProcesses = 0;
    this.sample();
    this.startRss = this.peakRss;
    let ticks = 0;
    const rescanEvery = Math.max(1, Math.round(rescanMs / intervalMs));
    this.timer = setInterval(() => {
      if (tree && ++ticks % rescanEvery === 0) this.pids = processTree(pid);
      this.sample();
    }, intervalMs);
    this.timer.unref();
    this.windowStart = null;
    this.windowEnd = null;
  }

  /** One RSS reading of every known process (forgetting those that are gone). */
  sample() {
    let total = 0;
    let largest = 0;
    const alive = [];
    for (const pid of this.pids) {
      const rss = rssBytes(pid);
      if (rss === null) continue;
      alive.push(pid);
      total += rss;
      largest = Math.max(largest, rss);
    }
    this.pids = alive;
    if (alive.length === 0) return;
    this.peakRss = Math.max(this.peakRss, total);
    this.peakLargestRss = Math.max(this.peakLargestRss, largest);
    this.maxProcesses = Math.max(this.maxProcesses, alive.length);
  }

  /** CPU seconds so far: the process's own, or the whole tree's (scanned afresh). */
  cpu() {
    if (!this.tree) return cpuSeconds(this.pid);
    this.pids = processTree(this.pid);
    const own = cpuSecondsWithReaped(this.pid);
    if (own === null) return null;
    return this.pids.reduce((sum, pid) => sum + (pid === this.pid ? own : (cpuSecondsWithReaped(pid) ?? 0)), 0);
  }

  markWindowStart() {
    this.windowStart = { at: performance.now(), cpu: this.cpu(), machine: machineCpu() };
  }

  markWindowEnd() {
    this.windowEnd = { at: performance.now(), cpu: this.cpu(), machine: machineCpu() };
  }

  stop() {
    clearInterval(this.timer);
    if (this.tree) this.pids = processTree(this.pid);
    this.sample();
    const result = { startRssMb: round(this.startRss / 2 ** 20), peakRssMb: round(this.peakRss / 2 ** 20) };
    if (this.tree) {
      result.processes = this.maxProcesses;
      result.peakLargestProcessRssMb = round(this.peakLargestRss / 2 ** 20);
    }
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
