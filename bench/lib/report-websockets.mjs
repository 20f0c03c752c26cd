// The WebSocket section of the Markdown report (scenario j).

const cell = (value, suffix = '') => (value === null || value === undefined || Number.isNaN(value) ? '–' : `${value}${suffix}`);
const number = (value) => (value === null || value === undefined ? '–' : Math.round(value).toLocaleString('en-US'));

export function renderWebSockets(lines, scenarios) {
  lines.push('', '## WebSocket fan-out', '');
  lines.push(
    'The API (`node dist/main.js`) serves the WebSockets; the clients (`ws`) and the appender both run in the bench process, ' +
      'so its event loop, receiving every frame, is part of the latency measured. CPU % is of one core over the measured window ' +
      '(machine: all cores busy).',
  );
  for (const scenario of scenarios) {
    const run = scenario.runs.service;
    lines.push('', `### ${scenario.name}`, '', `${scenario.summary}.`, '');
    if (run.failed) {
      lines.push(`Failed: ${run.failed}`);
      continue;
    }
    const v = run.verification;
    lines.push(
      `${number(run.appendsSent)} appends (${run.warmupS} s warm-up + ${run.durationS} s measured at ${run.rate}/s), ${number(run.acknowledged)} acknowledged, ` +
        `${run.errors} errors; the scheduler fired up to ${run.schedulerLagMs.max} ms late (p99 ${run.schedulerLagMs.p99} ms). ` +
        `Latency counts every frame of the events sent in the measured window, at every client.`,
      '',
    );
    lines.push('| Clients | Frames received / expected | Frames/s (window) | p50 ms | p90 ms | p99 ms | max ms | Append p50 / p99 ms | Missed | Duplicated | Out of order | API peak RSS MB | API CPU % | Bench (clients) CPU % | Machine CPU % |');
    lines.push('|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
    lines.push(
      `| ${run.clients} | ${number(run.framesReceived)} / ${number(run.framesExpected)} | ${number(run.framesPerSecond)} | ${cell(run.latencyMs.p50)} | ` +
        `${cell(run.latencyMs.p90)} | **${cell(run.latencyMs.p99)}** | ${cell(run.latencyMs.max)} | ${cell(run.appendLatencyMs.p50)} / ${cell(run.appendLatencyMs.p99)} | ` +
        `**${v.missing}** | **${v.duplicates}** | ${v.outOfOrder} | ${cell(run.api.peakRssMb)} | ` +
        `${cell(run.api.cpuPercentOfOneCore)}${run.api.cpuMsPer1000Frames !== undefined ? ` (${run.api.cpuMsPer1000Frames} ms / 1000 frames)` : ''} | ` +
        `${cell(run.bench.cpuPercentOfOneCore)} | ${cell(run.api.machineCpuBusyPercent)} |`,
    );
    lines.push(
      '',
      `Every client received 1..${number(run.expected)} in order with no gaps: ${v.missing + v.duplicates + v.outOfOrder === 0 && v.complete ? 'yes' : '**NO**'}` +
        `${v.complete ? '' : ' (**the wait for the last frames gave up**)'}; clients closed by the server: ${v.clientsClosed}` +
        `${v.errorFrames.length ? `; error frames: ${v.errorFrames.map((frame) => JSON.stringify(frame)).join(' ')}` : ''}.`,
    );
  }
}
