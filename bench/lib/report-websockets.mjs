// The WebSocket section of the Markdown report (scenario j).
import { apiRssCell, cell, number, openLoopSentence, selfDrivenSection, yesNo } from './report-format.mjs';

export function renderWebSockets(lines, scenarios) {
  lines.push('', '## WebSocket fan-out', '');
  lines.push(
    'The API (`node dist/main.js`) serves the WebSockets; the clients (`ws`) and the appender both run in the bench process, ' +
      'so its event loop, receiving every frame, is part of the latency measured. The measured window runs from the first measured ' +
      "append's tick to the last append's answer: CPU % is of one core over it (machine: all cores busy), so the API's covers the appends " +
      'and the fan-out done inside it, and frames/s and CPU ms per 1000 frames count the frames that arrived at the clients inside it ' +
      '(the drain after it is in neither; a lagging client shows as frames/s below the planned rate × clients and a late last frame).',
  );
  for (const scenario of scenarios) {
    const run = selfDrivenSection(lines, scenario);
    if (!run) continue;
    const v = run.verification;
    lines.push(
      `${openLoopSentence(run)} Latency counts each position's first frame at each client, for the events sent in the measured window.`,
      '',
    );
    lines.push(
      '| Clients | Frames received / expected | Frames/s in window (planned) | Last frame after window s | p50 ms | p90 ms | p99 ms | max ms | Append p50 / p99 ms | ' +
        'Missed | Duplicated | Out of order | API peak RSS MB | API CPU % | Bench (clients) CPU % | Machine CPU % |',
    );
    lines.push('|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
    lines.push(
      `| ${run.clients} | ${number(run.framesReceived)} / ${number(run.framesExpected)} | ${number(run.framesPerSecond)} (${number(run.framesPlannedPerSecond)}) | ` +
        `${cell(run.lastFrameAfterWindowS)} | ${cell(run.latencyMs.p50)} | ${cell(run.latencyMs.p90)} | **${cell(run.latencyMs.p99)}** | ${cell(run.latencyMs.max)} | ` +
        `${cell(run.appendLatencyMs.p50)} / ${cell(run.appendLatencyMs.p99)} | **${v.missing}** | **${v.duplicates}** | ${v.outOfOrder} | ${apiRssCell(run.api)} | ` +
        `${cell(run.api.cpuPercentOfOneCore)}${run.api.cpuMsPer1000Frames !== undefined ? ` (${run.api.cpuMsPer1000Frames} ms / 1000 frames)` : ''} | ` +
        `${cell(run.bench.cpuPercentOfOneCore)} | ${cell(run.api.machineCpuBusyPercent)} |`,
    );
    lines.push(
      '',
      `Every client received 1..${number(run.expected)} exactly once each, in order, and kept its socket: ${yesNo(v.passed)}` +
        `${v.complete ? '' : ' (**the wait for the last frames gave up**)'}; clients closed by the server: ${v.clientsClosed}; ` +
        `frames outside 1..${number(run.expected)}: ${v.unexpected}` +
        `${v.errorFrames.length ? `; error frames: ${v.errorFrames.map((frame) => JSON.stringify(frame)).join(' ')}` : ''}.`,
    );
  }
}
