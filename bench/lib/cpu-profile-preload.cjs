// Loaded into the API only when BENCH_CPU_PROFILE=1 (NODE_OPTIONS=--require <this file>): the first
// SIGWINCH starts a V8 CPU profile, the next one writes it to $BENCH_PROFILE_DIR/api-<n>.cpuprofile
// (SIGWINCH because Nest's shutdown hooks take SIGUSR2, and without this file SIGWINCH is ignored).
// Lets the bench profile exactly the measured window of each scenario without touching src/.
const inspector = require('node:inspector');
const fs = require('node:fs');
const path = require('node:path');

const directory = process.env.BENCH_PROFILE_DIR;
const session = new inspector.Session();
session.connect();
let profiling = false;
let written = 0;

process.on('SIGWINCH', () => {
  if (!profiling) {
    profiling = true;
    session.post('Profiler.enable', () =>
      session.post('Profiler.setSamplingInterval', { interval: 500 }, () => session.post('Profiler.start')),
    );
    return;
  }
  profiling = false;
  session.post('Profiler.stop', (error, result) => {
    if (error || !directory) return;
    const file = path.join(directory, `api-${written++}.cpuprofile`);
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(result.profile));
    fs.renameSync(`${file}.tmp`, file);
  });
});
