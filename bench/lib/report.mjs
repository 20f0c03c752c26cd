// Turns a run's results into the Markdown report (the JSON is the results object itself).
import { apiRssCell, cell, number, openLoopSentence, selfDrivenSection, yesNo } from './report-format.mjs';
import { renderWebSockets } from './report-websockets.mjs';

const spread = (values) => {
  const known = (values ?? []).filter((value) => value !== null);
  return known.length > 1 ? ` (${number(Math.min(...known))}–${number(Math.max(...known))})` : '';
};

const isPeer = (runner) => runner !== 'service' && runner !== 'baseline';

/** The closed-loop scenarios' table: one row per runner. */
function renderLoadTable(lines, scenarios) {
  // The service against a peer (emmett), on the peer's row: only when a scenario has a peer.
  const peers = scenarios.some((scenario) => Object.keys(scenario.runs).some(isPeer));
  lines.push('');
  lines.push(
    '| Scenario | Runner | Clients | Events/s | Req/s | p50 ms | p90 ms | p99 ms | Errors | 409 retries | Peak API RSS MB | API CPU % | Bench CPU % | Machine CPU % | DB xacts / req | Events/s vs baseline |' +
      (peers ? ' Service / peer |' : ''),
  );
  lines.push(`|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|${peers ? '--:|' : ''}`);
  for (const scenario of scenarios) {
    for (const [runner, run] of Object.entries(scenario.runs)) {
      if (run.failed) {
        lines.push(
          `| ${scenario.name} | ${runner} | ${run.clients ?? scenario.clients} | failed: ${run.failed.replace(/\|/g, '/').slice(0, 120)} | | | | | | | | | | | | |${peers ? ' |' : ''}`,
        );
        continue;
      }
      const viaApi = runner === 'service';
      const ratio = scenario.ratios[`${runner}/baseline`] !== undefined ? `**${scenario.ratios[`${runner}/baseline`]}×**` : '';
      const peerRatio =
        isPeer(runner) && scenario.ratios[`service/${runner}`] !== undefined ? `**${scenario.ratios[`service/${runner}`]}×**` : '';
      lines.push(
        `| ${scenario.name} | ${runner}${run.about?.version ? ` ${run.about.version}` : ''} | ${run.clients} | ${number(run.eventsPerSecond)}${spread(run.roundsEventsPerSecond)} | ${number(run.requestsPerSecond)} | ` +
          `${cell(run.latencyMs.p50)} | ${cell(run.latencyMs.p90)} | ${cell(run.latencyMs.p99)} | ${run.measured.errorCount} | ` +
          `${scenario.name.includes('hot') || scenario.name.includes('conditional') ? run.measured.retries : '–'} | ${viaApi ? apiRssCell(run.api) : '–'} | ` +
          `${viaApi ? `${cell(run.api?.cpuPercentOfOneCore)}${run.api?.cpuMsPerRequest !== undefined ? ` (${run.api.cpuMsPerRequest} ms/req)` : ''}` : '–'} | ` +
          `${cell(run.bench?.cpuPercentOfOneCore)} | ${cell(run.api?.machineCpuBusyPercent)} | ${runner !== 'baseline' ? cell(run.database?.transactionsPerRequest) : '–'} | ${ratio} |` +
          (peers ? ` ${peerRatio} |` : ''),
      );
    }
  }
  lines.push('');
  lines.push(
    'Events/s and req/s count what completed inside the measured window (req/s includes 409s). Latency is per request ' +
      "(per transaction for the baseline). Errors are non-2xx answers other than the hot stream's expected 409s, and " +
      'transport failures; for the DCB conditional appends the 409 column counts APPEND_CONDITION_FAILED answers (0 expected on disjoint tags). ' +
      "The API's RSS and CPU cover its whole process tree (node:cluster workers too): peak of the summed RSS, with the process count and the largest process's peak when there are several. " +
      'CPU % is of one core over the measured window (machine: all cores busy); ' +
      'bench CPU is this process: the load generator, and all of a peer that runs in it. DB xacts / req: ' +
      "the service's (or a peer's) database transactions per request, from pg_stat_database deltas (approximate: PostgreSQL publishes " +
      'them about once a second per connection; the JSON has the same figure for the baseline, one statement per append ' +
      'by construction, as a measure of the error). The **baseline** is ' +
      'the same rows written by one SQL statement per append through `pg` at the same concurrency (DCB: one round trip of two statements, ' +
      'the store lock then the tag check and the insert, in one transaction; the 1 KB group: its own connection counts, one function call per DCB append, ' +
      'and the same SELECT for the reads with every value taken as text; see bench/README.md).',
  );
  const swept = scenarios.filter((scenario) => scenario.sweeps);
  if (swept.length) {
    lines.push(
      '',
      '**Baselines at their best.** Each baseline and peer of these scenarios ran at every connection count below in every round, ' +
        "in the same sitting as the service; its row above is the count with the best median events/s, and the ratios divide by that count's runs.",
      '',
      '| Scenario | Runner | Events/s by connections (median of rounds) | Best |',
      '|---|---|---|--:|',
    );
    for (const scenario of swept) {
      for (const [family, sweep] of Object.entries(scenario.sweeps)) {
        const figures = sweep.byConnections.map(
          (s) => `${s.connections}: ${s.eventsPerSecond === null ? 'failed' : number(s.eventsPerSecond)}`,
        );
        lines.push(`| ${scenario.name} | ${family} | ${figures.join(' · ')} | ${sweep.winner} |`);
      }
    }
  }
  const peerRuns = scenarios.flatMap((scenario) =>
    Object.entries(scenario.runs)
      .filter(([runner, run]) => isPeer(runner) && run.about)
      .map(([runner, run]) => ({ scenario, runner, run })),
  );
  for (const { scenario, runner, run } of peerRuns) {
    const r = scenario.ratios;
    lines.push(
      '',
      `**${runner}** (${scenario.name}): \`${run.about.package}\` ${run.about.version} in the bench process (no HTTP), ${run.about.appenders} concurrent appenders ` +
        `on a pg pool of ${run.about.poolConnections}, its own tables in the same database; its events/s are the bench's appends that completed in the window. ` +
        `Service / ${runner} = ${cell(r[`service/${runner}`], '×')} is the service's events/s (${scenario.runs.service?.clients ?? '–'} clients, over HTTP) ÷ ${runner}'s ` +
        `(${run.clients} appenders) in the same round${scenario.roundsRatios ? ', the median of the per-round ratios' : ''}; ` +
        `${runner} / baseline = ${cell(r[`${runner}/baseline`], '×')}.`,
    );
  }
}

// A second whose median delivery latency is above this is behind (steady state here is a few ms).
const BACKLOG_P50_MS = 100;

/** Checkpoints, failed deliveries and dead letters in PostgreSQL after a webhook run. */
const checkpointsLine = (c, last) =>
  `checkpoints at ${number(last)}: ${c.caught_up}/${c.subscriptions}${c.allCaughtUp ? '' : ' ⚠'}, failed deliveries ${c.failed_deliveries}, dead letters ${c.dead_letters}`;

/** Worker, API and bench-process figures of a webhook run. */
const processCells = (run) =>
  `${cell(run.worker?.peakRssMb)} | ${cell(run.worker?.cpuPercentOfOneCore)}${run.worker?.cpuMsPerDelivery !== undefined ? ` (${run.worker.cpuMsPerDelivery} ms/delivery)` : ''} | ` +
  `${apiRssCell(run.api)} | ${cell(run.api?.cpuPercentOfOneCore)}${run.api?.cpuMsPerAppend !== undefined ? ` (${run.api.cpuMsPerAppend} ms/append)` : ''} | ` +
  `${cell(run.bench?.cpuPercentOfOneCore)} | ${cell(run.worker?.machineCpuBusyPercent)}`;
const PROCESS_HEADERS = 'Worker peak RSS MB | Worker CPU % | API peak RSS MB | API CPU % | Bench (receiver) CPU % | Machine CPU %';

/** Scenarios h and i: delivery throughput and latency at the bench's receiver. */
function renderWebhooks(lines, scenarios) {
  lines.push('', '## Webhook delivery', '');
  lines.push(
    'One worker (`node dist/worker.js`) per scenario, started for it and stopped after, delivers to a `node:http` receiver in the bench ' +
      'process on 127.0.0.1 that answers 200 as soon as a body is in. Every subscription has filter `*` and starts at the beginning of a fresh store, ' +
      "so each must receive positions 1..N. CPU % is of one core over the scenario's window (machine: all cores busy); the bench process " +
      'also sends the appends.',
  );
  for (const scenario of scenarios) {
    const run = selfDrivenSection(lines, scenario);
    if (!run) continue;
    const v = run.verification;
    if (run.perSubscription) {
      const rates = run.perSubscriptionDeliveriesPerSecond;
      lines.push(
        `All ${number(run.events)} events were appended (in ${run.appendSeconds} s) before the worker started, so this is a backlog drained; ` +
          `the worker was ready ${run.workerStartSeconds} s after its spawn. Deliveries/s = deliveries ÷ time from the first to the last arrival ` +
          "(all subscriptions); the CPU window runs from `Worker ready` to the last arrival, the API's peak RSS covers the appends too.",
        '',
      );
      lines.push(
        `| Subscriptions | Deliveries | First → last s | Deliveries/s | Per subscription /s (min / median / max) | ${PROCESS_HEADERS} |`,
      );
      lines.push('|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
      lines.push(
        `| ${run.subscriptions} | ${number(run.deliveries)} | ${run.firstToLastS} | **${number(run.deliveriesPerSecond)}** | ` +
          `${number(rates.min)} / ${number(rates.median)} / ${number(rates.max)} | ${processCells(run)} |`,
      );
      lines.push(
        '',
        '| Subscription | Deliveries/s | First → last s | Delivered | Duplicates | Out of order | Missing | Retries | In order 1..N, no gaps |',
      );
      lines.push('|---|--:|--:|--:|--:|--:|--:|--:|---|');
      for (const s of run.perSubscription) {
        lines.push(
          `| ${s.subscriptionId} | ${number(s.deliveriesPerSecond)} | ${s.firstToLastS} | ${number(s.delivered)} | ${s.duplicates} | ${s.outOfOrder} | ` +
            `${s.missing} | ${s.retries} | ${yesNo(s.inOrderGapFree)} |`,
        );
      }
      lines.push(
        '',
        `Every subscription received 1..${number(run.events)} in order with no gaps: ${yesNo(v.inOrderGapFree)}; duplicates ${v.duplicates}, ` +
          `out of order ${v.outOfOrder}, missing ${v.missing}, retries (attempt > 1) ${v.retries}; bodies name the right store, subscription and delivery id: ` +
          `${yesNo(v.addressedRight)}; ${checkpointsLine(v.checkpoints, run.events)}${v.complete ? '' : '; **the wait for the last delivery gave up**'}` +
          `${v.malformed.length ? `; **${v.malformed.length} malformed requests**` : ''}.`,
      );
    } else {
      lines.push(
        `${openLoopSentence(run)} Latency counts each position's first arrival, for the events sent in the measured window; ` +
          "append = the append request's round trip.",
        '',
      );
      lines.push(
        `| Delivered / expected | Measured events | p50 ms | p90 ms | p99 ms | max ms | mean ms | Append p50 / p99 ms | Duplicates | Out of order | ${PROCESS_HEADERS} |`,
      );
      lines.push('|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
      lines.push(
        `| ${number(run.delivered)} / ${number(run.expected)} | ${number(run.latencyEvents)} / ${number(run.measuredEvents)} | ${cell(run.latencyMs.p50)} | ` +
          `${cell(run.latencyMs.p90)} | **${cell(run.latencyMs.p99)}** | ${cell(run.latencyMs.max)} | ${cell(run.latencyMs.mean)} | ` +
          `${cell(run.appendLatencyMs.p50)} / ${cell(run.appendLatencyMs.p99)} | ${v.duplicates} | ${v.outOfOrder} | ${processCells(run)} |`,
      );
      const seconds = run.latencyBySecond;
      const backlogged = seconds.filter((second) => second.deliveryP50 > BACKLOG_P50_MS);
      const worst = seconds.reduce((a, b) => ((b.deliveryP50 ?? 0) > (a.deliveryP50 ?? 0) ? b : a), seconds[0]);
      lines.push(
        '',
        `Per second of the window, by send time: the median latency exceeded ${BACKLOG_P50_MS} ms (a backlog) in ${backlogged.length} of ${seconds.length} s; ` +
          `the worst second (${worst.second}) had p50 ${worst.deliveryP50} ms, appends p50 ${worst.appendP50} ms.`,
        '',
        '<details><summary>Latency per second</summary>',
        '',
        '| Second | Delivery p50 ms | Delivery max ms | Append p50 ms | Append max ms |',
        '|--:|--:|--:|--:|--:|',
        ...seconds.map(
          (x) => `| ${x.second} | ${cell(x.deliveryP50)} | ${cell(x.deliveryMax)} | ${cell(x.appendP50)} | ${cell(x.appendMax)} |`,
        ),
        '',
        '</details>',
      );
      lines.push(
        '',
        `Received 1..${number(run.expected)} in order with no gaps: ${yesNo(v.inOrderGapFree)}; missing ${v.missing}, retries (attempt > 1) ${v.retries}; ` +
          `bodies name the right store, subscription and delivery id: ${yesNo(v.addressedRight)}; ${checkpointsLine(v.checkpoints, run.expected)}` +
          `${v.complete ? '' : '; **the wait for the last delivery gave up**'}${v.malformed.length ? `; **${v.malformed.length} malformed requests**` : ''}.`,
      );
    }
  }
}

/** The 1 KB group (k–o): what its events are, and the preloaded stream of the reads. */
function render1kb(lines, results) {
  const { dataBytes, metadataBytes, sampled } = results.settings.orderEventSizes;
  const range = (b) => `${b.mean} bytes (${b.min}–${b.max})`;
  lines.push(
    '',
    `**1 KB events** (k–o): orders (customer, shipping address, four line items, totals, payment) of ${range(dataBytes)} of compact JSON data ` +
      `and ${range(metadataBytes)} of metadata (correlationId, causationId, userId, source), over ${number(sampled)} generated orders; ` +
      'the appends cycle through 1000 of them, serialised before the run.',
  );
  const p = results.preload1kb;
  if (p) {
    lines.push(
      '',
      `**Read store** (n, o): one stream \`${p.streamId}\` of ${number(p.events)} events (${p.types} types cycling, ${number(p.eventsPerType)} each), ` +
        `written with SQL in ${p.insertSeconds} s, VACUUM ANALYZE ${p.vacuumAnalyzeSeconds} s; mean size_bytes ${p.meanSizeBytes}, mean stored row ${p.meanStoredRowBytes} bytes; ` +
        `events table (all stores of the run) ${p.eventsTableMb} MB.`,
    );
  }
}

/** How many API processes the samplers saw (the most in any run). */
function apiProcessCount(results) {
  const counts = results.scenarios.flatMap((scenario) =>
    Object.values(scenario.runs)
      .map((run) => run.api?.processes)
      .filter((count) => count !== undefined),
  );
  return counts.length ? `API processes seen: ${Math.max(...counts)}` : 'API processes not sampled';
}

export function renderMarkdown(results) {
  const lines = [];
  const { settings, machine } = results;
  // The closed-loop scenarios (a–g); the webhook and WebSocket scenarios have sections of their own.
  const loadScenarios = results.scenarios.filter((scenario) => scenario.kind !== 'webhook' && scenario.kind !== 'websocket');
  const webhookScenarios = results.scenarios.filter((scenario) => scenario.kind === 'webhook');
  const websocketScenarios = results.scenarios.filter((scenario) => scenario.kind === 'websocket');
  const titles = {
    streams: 'Streams benchmark',
    dcb: 'DCB benchmark',
    webhooks: 'Webhook delivery benchmark',
    websockets: 'WebSocket fan-out benchmark',
    '1kb': 'Benchmark with realistic 1 KB events',
    all: 'Benchmark',
  };
  const title = titles[results.group ?? results.label] ?? 'Benchmark';
  lines.push(`# ${title}${results.label !== (results.group ?? results.label) ? ` (${results.label})` : ''}, ${results.date}`);
  lines.push('');
  lines.push(
    `\`npm run bench\` on ${machine.nproc} cores / ${machine.memoryGb} GB, Node ${machine.node}, PostgreSQL ${machine.postgres.version}` +
      ` (synchronous_commit=${machine.postgres.settings.synchronous_commit}, fsync=${machine.postgres.settings.fsync}).` +
      (loadScenarios.length
        ? ` Each run: ${settings.warmupS} s warm-up, then ${settings.durationS} s measured` +
          `${settings.rounds > 1 ? `; ${settings.rounds} alternating rounds per runner, the median run shown with the range of events/s, and each ratio the median of its per-round ratios (round r of one runner ÷ round r of the other), which need not equal the ratio of the medians shown` : ''}.`
        : '') +
      ` Commit ${results.build.commit}` +
      `${results.build.distOlderThanSrc ? ' (**dist/ is older than src/: rebuild before trusting these numbers**)' : ''}.` +
      ` Whole run: ${results.totalSeconds} s.`,
  );
  if (loadScenarios.length) renderLoadTable(lines, loadScenarios);
  if (settings.orderEventSizes) render1kb(lines, results);
  if (webhookScenarios.length) renderWebhooks(lines, webhookScenarios);
  if (websocketScenarios.length) renderWebSockets(lines, websocketScenarios);

  const errors = results.scenarios.flatMap((scenario) =>
    Object.entries(scenario.runs).flatMap(([runner, run]) =>
      (run.firstErrors ?? []).length
        ? [`- ${scenario.name} / ${runner}: ${run.firstErrors.map((e) => `${e.error} ${e.detail}`.trim()).join('; ')}`]
        : [],
    ),
  );
  if (errors.length) {
    lines.push('', '### First errors', '', ...errors);
  }

  const verified = loadScenarios.flatMap((scenario) =>
    Object.entries(scenario.runs)
      .filter(([, run]) => run.verification)
      .map(([runner, run]) => ({ scenario, runner, v: run.verification })),
  );
  if (verified.length) {
    lines.push('', '## Correctness after the write scenarios', '');
    lines.push("One query per store after its run (with several rounds: the median run's figures, the checks over every round).", '');
    lines.push(
      '| Scenario | Runner | Events stored | Events acknowledged | Positions gap-free 1..N | Streams 0..version-1 (DCB: only `__dcb__` events, no streams row, every tag in event_tags) | Store counter |',
    );
    lines.push('|---|---|--:|--:|---|---|---|');
    for (const { scenario, runner, v: chosen } of verified) {
      const all = (scenario.runs[runner].verificationAllRounds ?? [chosen]).filter(Boolean);
      if (chosen.peer) {
        // A peer's own tables: no store row or gap-free positions to check; emmett's global positions come from a sequence.
        const ok = (key) => all.every((x) => x[key]);
        lines.push(
          `| ${scenario.name} | ${runner} (${chosen.peer}'s tables) | ${number(chosen.events)} | ${number(chosen.acknowledgedEvents)}${ok('matchesAcknowledged') ? '' : ' ⚠'} | ` +
            `n/a: global_position from a sequence; ${ok('globalPositionsUnique') ? 'all distinct' : '**NOT distinct**'} (${number(chosen.min_position)}–${number(chosen.max_position)}) | ` +
            `${ok('streamsConsistent') ? `yes, 1..version (${chosen.streams})` : `**NO** (${chosen.inconsistent_streams} bad, ${chosen.streams_with_other_messages} with other messages)`} | – |`,
        );
        continue;
      }
      const v = {
        ...chosen,
        gapFree: all.every((x) => x.gapFree),
        streamsConsistent: all.every((x) => x.streamsConsistent),
        matchesAcknowledged: all.every((x) => x.matchesAcknowledged),
      };
      lines.push(
        `| ${scenario.name} | ${runner} | ${number(v.events)} | ${number(v.acknowledgedEvents)}${v.matchesAcknowledged ? '' : ' ⚠'} | ` +
          `${v.gapFree ? 'yes' : `**NO** (min ${v.min_position}, max ${v.max_position})`} | ${v.tagRowsComplete !== undefined ? (v.streamsConsistent && all.every((x) => x.tagRowsComplete) ? `yes (${number(v.tag_rows)} tag rows)` : `**NO** (${v.not_dcb} not __dcb__, ${v.streams} streams rows, ${v.tag_rows}/${v.tags_on_events} tag rows)`) : v.streamsConsistent ? `yes (${v.streams})` : `**NO** (${v.inconsistent_streams} bad)`} | ` +
          `last_position ${number(v.last_position)}, total_events ${number(v.total_events)} |`,
      );
    }
  }

  for (const byType of results.scenarios.filter((scenario) => scenario.runs.service?.byTag)) {
    const what = byType.name.startsWith('dcb') ? 'query' : 'type';
    lines.push('', `### ${byType.name}: latency per ${what}`, '');
    lines.push(`| ${what === 'query' ? 'Query' : 'Type'} | Requests | Events / request | p50 ms | p99 ms |`);
    lines.push('|---|--:|--:|--:|--:|');
    for (const [tag, t] of Object.entries(byType.runs.service.byTag).sort()) {
      lines.push(`| ${tag} | ${t.requests} | ${t.eventsPerRequest} | ${cell(t.latencyMs.p50)} | ${cell(t.latencyMs.p99)} |`);
    }
  }

  const profiled = results.scenarios.filter((scenario) => scenario.runs.service?.profile?.selfTimeByPackage);
  if (profiled.length) {
    lines.push('', '## Where the API spends its CPU (self time, % of busy samples, measured window)', '');
    for (const scenario of profiled) {
      const p = scenario.runs.service.profile;
      lines.push(`**${scenario.name}** (${p.busySeconds} s busy, ${p.idleSeconds} s idle; \`${p.file}\`)`, '');
      lines.push(`- by package: ${p.selfTimeByPackage.map((e) => `${e.name} ${e.percent}%`).join(', ')}`);
      lines.push(
        `- hottest functions: ${p.hottestFunctions
          .slice(0, 8)
          .map((e) => `\`${e.name}\` ${e.percent}%`)
          .join(', ')}`,
        '',
      );
    }
  }

  if (results.explain?.length) {
    const p = results.preload;
    lines.push('', '## Read plans on the preloaded store', '');
    lines.push(
      `${number(p.events)} events in ${number(p.streams)} streams (${number(p.eventsPerStream)} each, interleaved), ` +
        `${p.types} types with a skewed mix; inserted in ${p.insertSeconds} s, VACUUM ANALYZE ${p.vacuumAnalyzeSeconds} s, ` +
        `events table ${p.eventsTableMb} MB. \`EXPLAIN (ANALYZE, BUFFERS)\` with the service's SQL and realistic parameters:`,
    );
    lines.push('');
    lines.push('| Read | Events access | Sort | Rows returned | Removed by filter | Sorted | ms | Index scan without Sort | Verdict |');
    lines.push('|---|---|---|--:|--:|--:|--:|---|---|');
    for (const plan of results.explain) {
      const access = plan.eventsAccess.map((a) => `${a.node}${a.index ? ` on ${a.index}` : ''}${a.filter ? ' + Filter' : ''}`).join('; ');
      lines.push(
        `| ${plan.name} | ${access} | ${plan.sortNodes.length ? plan.sortNodes.join('; ') : 'none'} | ${plan.rowsReturned} | ` +
          `${plan.rowsRemovedByFilter} | ${plan.rowsSorted} | ${plan.executionMs} | ${plan.indexScanWithoutSort ? 'yes' : '**no**'} | ${plan.verdict} |`,
      );
    }
    lines.push('');
    for (const plan of results.explain) {
      lines.push(
        `<details><summary>${plan.name}: <code>${plan.description}</code></summary>`,
        '',
        '```',
        plan.plan,
        '```',
        '',
        '</details>',
      );
    }
  }

  if (results.dcbPreload) {
    const d = results.dcbPreload;
    lines.push('', '## DCB store and plans', '');
    lines.push(
      `${number(d.events)} events (stream \`__dcb__\`), ${number(d.tagRows)} tag rows, ${number(d.distinctTags)} distinct tags (\`user:<1..1M>\` on every event, ` +
        `\`region:<0..15>\` on every 2nd, \`product:<0..9999>\` and the time-clustered \`cohort:<g/50000>\` on every 3rd), written with SQL (lib/dcb-preload.mjs): events ${d.eventsInsertSeconds} s with the ` +
        `tag trigger disabled, event_tags ${d.sideTableInsertSeconds} s + primary key ${d.sideTablePkBuildSeconds} s, VACUUM ANALYZE ${d.vacuumAnalyzeSeconds} s. ` +
        `Sizes MB: ${Object.entries(d.sizes)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}.`,
      '',
    );
    lines.push("`EXPLAIN (ANALYZE, BUFFERS)` of the statement `dcb_matching_positions` executes for the scenarios' shapes:", '');
    for (const plan of results.dcbExplain ?? []) {
      lines.push(
        `<details><summary>${plan.name}: ${plan.executionMs} ms</summary>`,
        '',
        '```sql',
        plan.sql,
        '```',
        '```',
        plan.plan,
        '```',
        '',
        '</details>',
      );
    }
  }

  lines.push('', '## Machine and run', '');
  lines.push(
    `- CPU: ${machine.nproc} × ${machine.cpuModel}; memory ${machine.memoryGb} GB; kernel ${machine.kernel}` +
      `${machine.loadAverageAtStart ? `; load average at start ${machine.loadAverageAtStart.join(' / ')} (the machine is shared)` : ''}`,
  );
  lines.push(`- Node ${machine.node}; PostgreSQL ${machine.postgres.version} on ${results.settings.postgresHost}`);
  lines.push(
    `- PostgreSQL settings: ${Object.entries(machine.postgres.settings)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}`,
  );
  lines.push(
    `- Build: commit ${results.build.commit}; dist/main.js built ${results.build.distBuiltAt}; newest change under src/ ${results.build.newestSrcChange}`,
  );
  lines.push(
    `- API: \`${['node', ...(results.settings.apiNodeFlags ?? []), 'dist/main.js'].join(' ')}\` (as \`npm run start:api\`), LOG_LEVEL=warn, rate limits ${results.settings.rateLimit}/min (WebSockets per key too), ` +
      `WEB_CONCURRENCY ${results.settings.webConcurrency ?? 'not set'}, ${apiProcessCount(results)}; load generator (undici) and baseline (pg) in the bench process on the same machine`,
  );
  const peerVersions = [
    ...new Set(
      results.scenarios.flatMap((scenario) =>
        Object.values(scenario.runs)
          .filter((run) => run.about)
          .map((run) => `\`${run.about.package}\` ${run.about.version}`),
      ),
    ),
  ];
  if (peerVersions.length) lines.push(`- Peers, in the bench process on the run's database: ${peerVersions.join(', ')}`);
  if (webhookScenarios.length) {
    lines.push(
      '- Worker: `node dist/worker.js`, one per webhook scenario, LOG_LEVEL=info (it says `Worker ready` at info; nothing per delivery); API and worker with WEBHOOK_ALLOW_PRIVATE_TARGETS=true',
    );
  }
  lines.push(`- Scenarios run: ${results.scenarios.map((s) => s.name).join(', ')}; results in bench/results/${results.files.json}`);
  lines.push('');
  return lines.join('\n');
}
