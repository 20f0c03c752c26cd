// Summarises a V8 .cpuprofile: self time by package (node_modules/<pkg>, the service's dist/ files,
// Node internals, GC) and the hottest functions. Percentages are of busy (non-idle) samples.
import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { round } from './process-metrics.mjs';

function categoryOf(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const dist = url.indexOf('/dist/');
  if (dist !== -1)
    return `service: ${url
      .slice(dist + 1)
      .split('/')
      .slice(0, 2)
      .join('/')}`;
  if (url.startsWith('node:')) return 'node: internals';
  return url;
}

export function summariseProfile(profile, top = 15) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map();
  const deltas = profile.timeDeltas ?? [];
  profile.samples.forEach((id, index) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (deltas[index + 1] ?? deltas[index] ?? 0)));
  const categories = new Map();
  const functions = new Map();
  let busy = 0;
  let idle = 0;
  for (const [id, micros] of selfMicros) {
    const { callFrame } = byId.get(id);
    if (callFrame.functionName === '(idle)') {
      idle += micros;
      continue;
    }
    busy += micros;
    const category = categoryOf(callFrame.url, callFrame.functionName);
    categories.set(category, (categories.get(category) ?? 0) + micros);
    const where = callFrame.url
      ? `${callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, 'dist/')}:${callFrame.lineNumber + 1}`
      : '';
    const key = `${callFrame.functionName || '(anonymous)'} ${where}`.trim();
    functions.set(key, (functions.get(key) ?? 0) + micros);
  }
  const share = (entries) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, percent: round((100 * micros) / busy) }));
  return {
    busySeconds: round(busy / 1e6, 2),
    idleSeconds: round(idle / 1e6, 2),
    selfTimeByPackage: share(categories),
    hottestFunctions: share(functions),
  };
}

/** Waits for the preload to write its next profile and moves it to `target`. */
export async function collectProfile(directory, target, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const file = readdirSync(directory).find((name) => /^api-\d+\.cpuprofile$/.test(name));
    if (file) {
      renameSync(join(directory, file), target);
      return summariseProfile(JSON.parse(readFileSync(target, 'utf8')));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return existsSync(target) ? summariseProfile(JSON.parse(readFileSync(target, 'utf8'))) : null;
}
