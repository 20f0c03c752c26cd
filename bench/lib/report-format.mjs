// Formatting shared by the report's sections (report.mjs, report-websockets.mjs); imports neither.

export const cell = (value, suffix = '') => (value === null || value === undefined || Number.isNaN(value) ? '–' : `${value}${suffix}`);
export const number = (value) => (value === null || value === undefined ? '–' : Math.round(value).toLocaleString('en-US'));
export const yesNo = (value) => (value ? 'yes' : '**NO**');

/** The API's peak RSS over its process tree, with the count and the largest process when it ran several. */
export const apiRssCell = (api) =>
  api?.processes > 1
    ? `${cell(api.peakRssMb)} (${api.processes} procs, largest ${cell(api.peakLargestProcessRssMb)})`
    : cell(api?.peakRssMb);

/**
 * A self-driven scenario's (h, i, j) heading and summary; returns its run, or null after saying why it
 * failed.
 */
export function selfDrivenSection(lines, scenario) {
  const run = scenario.runs.service;
  lines.push('', `### ${scenario.name}`, '', `${scenario.summary}.`, '');
  if (run.failed) {
    lines.push(`Failed: ${run.failed}`);
    return null;
  }
  return run;
}

/** What a latency scenario's open loop (lib/open-loop.mjs, i and j) sent and how punctually. */
export const openLoopSentence = (run) =>
  `${number(run.appendsSent)} appends (${run.warmupS} s warm-up + ${run.durationS} s measured at ${run.rate}/s), ${number(run.acknowledged)} acknowledged, ` +
  `${run.errors} errors; the scheduler fired up to ${run.schedulerLagMs.max} ms late (p99 ${run.schedulerLagMs.p99} ms).`;
