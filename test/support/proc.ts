import { readdirSync, readFileSync } from 'node:fs';

/** A process as /proc shows it. */
export interface ProcProcess {
  pid: number;
  /** Its command line, argument by argument. */
  argv: string[];
  parentPid: number;
  /** The state letter of /proc/<pid>/stat: `T` when stopped by SIGSTOP, `Z` or `X` when dead. */
  state: string;
}

/** Every process of the machine now, read from /proc; those that exit while it looks are left out. */
export function processes(): ProcProcess[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        // The fields after the command name, which may hold spaces and parentheses: state, then parent pid.
        const [state, parentPid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return [{ pid: Number(entry), argv, parentPid: Number(parentPid), state }];
      } catch {
        return [];
      }
    });
}
