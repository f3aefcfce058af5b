// CPU accounting from Linux /proc: where the cycles go during a benchmark phase.
import { readdirSync, readFileSync } from 'node:fs';

const CLK_TCK = 100;
export function procCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK; // utime + stime
  } catch {
    return 0;
  }
}
function postgresCpu(): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') out.set(Number(entry), procCpuSeconds(Number(entry)));
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
}
export function cpuSnapshot(childPids: number[]): CpuSnapshot {
  const u = process.cpuUsage();
  return {
    at: performance.now(),
    self: (u.user + u.system) / 1e6,
    children: new Map(childPids.map((p) => [p, procCpuSeconds(p)])),
    postgres: postgresCpu(),
    machine: machineJiffies(),
  };
}
export interface CpuUse {
  wallS: number;
  self: number;
  workers: number;
  postgres: number;
  machineBusyPct: number;
}
export function cpuSince(a: CpuSnapshot, b: CpuSnapshot): CpuUse {
  let workers = 0;
  for (const [pid, v] of b.children) workers += v - (a.children.get(pid) ?? 0);
  // Backends that exited during the phase are lost; new ones count from zero.
  let postgres = 0;
  for (const [pid, v] of b.postgres) postgres += v - (a.postgres.get(pid) ?? 0);
  const busy = b.machine.busy - a.machine.busy;
  const total = b.machine.total - a.machine.total;
  return { wallS: (b.at - a.at) / 1000, self: b.self - a.self, workers, postgres, machineBusyPct: total ? (100 * busy) / total : 0 };
}
