// Usage: node redis-watchdog.cjs <owner pid> <directory>
//
// Runs detached beside a test process that runs redis-server processes with their configuration in
// <directory> (each one's process title names its configuration file: redis-process.ts sets
// proc-title-template). Should the owner die with them still there (a crash, Ctrl-C, a SIGKILLed Jest
// worker: nothing of it runs any more), this SIGKILLs every redis-server whose title names a file under
// <directory>, and removes the directory. It exits as soon as the directory is gone, which is how a
// normal stop() dismisses it.
//
// Plain JavaScript on purpose: it must run outside Jest, with no compiler. A process 'exit' hook would
// not do: in a test file, `process` is Jest's copy, whose 'exit' never fires.
const { existsSync, readdirSync, readFileSync, rmSync } = require('node:fs');

const owner = Number(process.argv[2]);
const directory = process.argv[3];

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Live redis-server processes whose title names a path under the directory. */
const leftovers = () =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return title.startsWith('redis-server') && title.includes(`${directory}/`);
      } catch {
        return false;
      }
    })
    .map(Number);

const timer = setInterval(() => {
  if (!existsSync(directory)) process.exit(0);
  if (isAlive(owner)) return;
  clearInterval(timer);
  for (const pid of leftovers()) process.kill(pid, 'SIGKILL');
  rmSync(directory, { recursive: true, force: true });
}, 500);
