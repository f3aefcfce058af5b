// CPU accounting from Linux /proc: where the cycles go during a benchmark phase.
import { readdirSync, readFileSync } from 'node:fs';

const CLK_TCK = 100;
export function procCpuSeconds(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK; // utime + stime
  } catch {
    return 0;
  }
}
/**
 * CPU of the postgres processes; with `database`, only the backends of that database (their
 * process title names it), so other work on a shared server does not count.
 */
function postgresCpu(database?: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      if (database && !readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${database} `)) continue;
      out.set(Number(entry), procCpuSeconds(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}
function machineJiffies(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = line.reduce((a, b) => a + b, 0);
  const idle = (line[3] ?? 0) + (line[4] ?? 0);
  return { busy: total - idle, total };
}

export interface CpuSnapshot {
  at: number;
  self: number;
  children: Map<number, number>;
  postgres: Map<number, number>;
  machine: { busy: number; total: number };
  /** The main (JavaScript) thread of each child: the rest of its CPU is libuv's pool (signing) and V8's helpers. */
  childMain: Map<number, number>;
  /** The bench process's main thread (its other threads: the receiver, libuv's pool, V8's helpers). */
  selfMain: number;
}
/** CPU seconds of one thread of a process (`/proc/<pid>/task/<tid>`); the main thread's tid is the pid. */
function threadCpuSeconds(pid: number, tid: number): number {
  return procCpuSeconds(`${pid}/task/${tid}`);
}
export function cpuSnapshot(childPids: number[], database?: string): CpuSnapshot {
  const u = process.cpuUsage();
  return {
    at: performance.now(),
    self: (u.user + u.system) / 1e6,
    children: new Map(childPids.map((p) => [p, procCpuSeconds(p)])),
    postgres: postgresCpu(database),
    machine: machineJiffies(),
    childMain: new Map(childPids.map((p) => [p, threadCpuSeconds(p, p)])),
    selfMain: threadCpuSeconds(process.pid, process.pid),
  };
}
export interface CpuUse {
  wallS: number;
  self: number;
  workers: number;
  /** Of `workers`, their main threads. */
  workersMain: number;
  /** Of `self`, the main thread. */
  selfMain: number;
  postgres: number;
  machineBusyPct: number;
}
export function cpuSince(a: CpuSnapshot, b: CpuSnapshot): CpuUse {
  let workers = 0;
  for (const [pid, v] of b.children) workers += v - (a.children.get(pid) ?? 0);
  let workersMain = 0;
  for (const [pid, v] of b.childMain) workersMain += v - (a.childMain.get(pid) ?? 0);
  // Backends that exited during the phase are lost; new ones count from zero.
  let postgres = 0;
  for (const [pid, v] of b.postgres) postgres += v - (a.postgres.get(pid) ?? 0);
  const busy = b.machine.busy - a.machine.busy;
  const total = b.machine.total - a.machine.total;
  return {
    wallS: (b.at - a.at) / 1000,
    self: b.self - a.self,
    selfMain: b.selfMain - a.selfMain,
    workers,
    workersMain,
    postgres,
    machineBusyPct: total ? (100 * busy) / total : 0,
  };
}
