/**
 * The CPU time PostgreSQL's own processes have spent, when the server runs on this machine:
 * the sum of user and system time of every process named `postgres` (its backends, writers
 * and the postmaster), with the time of backends that have exited (their parent reaps them,
 * so it counts in the postmaster's children's time). Read from /proc; null elsewhere.
 * Two readings around a measured run give the database's CPU per turn beside the server's.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICK_US = 10_000; // USER_HZ is 100 on Linux

export function postgresCpuUs(): number | null {
  let dirs: string[];
  try {
    dirs = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  let ticks = 0;
  let seen = false;
  for (const d of dirs) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${d}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
    // After "pid (comm) ": state is field 3; utime, stime, cutime, cstime are fields 14-17.
    const f = stat.slice(close + 2).split(' ');
    ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    seen = true;
  }
  return seen ? ticks * TICK_US : null;
}

/** The whole machine's busy CPU time (all cores: user, nice, system, irq, softirq), from /proc/stat. */
export function machineCpuUs(): number | null {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
    return (f[0]! + f[1]! + f[2]! + f[5]! + f[6]!) * TICK_US;
  } catch {
    return null;
  }
}
