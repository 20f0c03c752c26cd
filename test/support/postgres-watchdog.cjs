// Usage: node postgres-watchdog.cjs <owner pid> <directory>
//
// Runs detached beside a test process that keeps PostgreSQL servers in <directory>. Should the owner
// die with them still there (a crash, Ctrl-C, a SIGKILLed Jest worker: nothing of it runs any more,
// and pg_ctl put the postmasters in a session of their own, out of reach of the terminal's signals),
// this SIGKILLs every process naming a path under <directory>, removes the shared memory segments of
// its postmasters, and removes the directory. It exits as soon as the directory is gone, which is how
// a normal close() dismisses it.
//
// Plain JavaScript on purpose: it must run outside Jest, with no compiler. A process 'exit' hook would
// not do: in a test file, `process` is Jest's copy, whose 'exit' never fires.
const { execFileSync } = require('node:child_process');
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

/** Live processes whose command line names a path under the directory (a postmaster's -D, a child's title). */
const leftovers = () =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((pid) => {
      try {
        return { pid: Number(pid), argv: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0') };
      } catch {
        return { pid: Number(pid), argv: [] };
      }
    })
    .filter(({ pid, argv }) => argv.join(' ').includes(`${directory}/`) && isAlive(pid));

/** The System V segments (id, creator, attached count), of which each postmaster has one. */
const segments = () =>
  readFileSync('/proc/sysvipc/shm', 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((row) => row.trim().split(/\s+/))
    .map(([, shmid, , , cpid, , nattch]) => ({ shmid, creator: Number(cpid), attached: Number(nattch) }));

const postmasters = new Set();

function killAll() {
  // Again until none is left: a postmaster may fork a child between two looks.
  for (let round = 0; round < 20; round++) {
    const found = leftovers();
    if (found.length === 0) return;
    for (const { pid, argv } of found) {
      if (argv[1] === '-D') postmasters.add(pid);
      process.kill(pid, 'SIGKILL');
    }
  }
}

/** Once the killed processes have let go of it (they take a moment to exit), each segment is removed. */
function removeSegments(triesLeft) {
  const left = segments().filter(({ creator }) => postmasters.has(creator));
  for (const { shmid } of left.filter(({ attached }) => attached === 0)) {
    try {
      execFileSync('ipcrm', ['-m', shmid], { stdio: 'ignore' });
    } catch {
      // removed meanwhile
    }
  }
  if (left.some(({ attached }) => attached > 0) && triesLeft > 0) setTimeout(() => removeSegments(triesLeft - 1), 500);
}

const timer = setInterval(() => {
  if (!existsSync(directory)) process.exit(0);
  if (isAlive(owner)) return;
  clearInterval(timer);
  killAll();
  rmSync(directory, { recursive: true, force: true });
  removeSegments(20);
}, 500);
