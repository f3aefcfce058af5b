import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/** Who holds the lock: a pid, and on Linux when that process started, on which boot. */
export interface LockOwner {
  pid: number;
  /** /proc/<pid>/stat field 22 (clock ticks since boot); absent off Linux and in old lock files. */
  start?: number;
  boot?: string;
}

function read(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat, the process's start time; undefined where there is no /proc. */
export function processStartTime(pid: number): number | undefined {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // The name (field 2) is in parentheses and may hold spaces or parentheses: count from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const start = Number(fields[22 - 3]);
  return Number.isFinite(start) ? start : undefined;
}

const bootId = () => read('/proc/sys/kernel/random/boot_id');

export function currentOwner(): LockOwner {
  const start = processStartTime(process.pid);
  const boot = bootId();
  return { pid: process.pid, ...(start !== undefined ? { start } : {}), ...(boot ? { boot } : {}) };
}

/** A lock file: JSON, or a bare pid (written before start times were recorded). */
export function parseOwner(text: string): LockOwner | undefined {
  if (/^\d+$/.test(text)) return { pid: Number(text) };
  try {
    const o = JSON.parse(text) as Partial<LockOwner>;
    if (!Number.isInteger(o.pid) || (o.pid as number) <= 0) return undefined;
    return {
      pid: o.pid as number,
      ...(typeof o.start === 'number' ? { start: o.start } : {}),
      ...(typeof o.boot === 'string' ? { boot: o.boot } : {}),
    };
  } catch {
    return undefined;
  }
}

/**
 * Whether the lock's owner still runs: its pid is alive and, where the lock recorded them, the
 * process with that pid started at the same time on the same boot (a pid reused by another process,
 * after a crash or a reboot, is not the owner).
 */
export function ownerAlive(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (owner.boot !== undefined) {
    const boot = bootId();
    if (boot !== undefined && boot !== owner.boot) return false;
  }
  if (owner.start !== undefined) {
    const start = processStartTime(owner.pid);
    if (start !== undefined && start !== owner.start) return false;
  }
  return true;
}

/**
 * PGlite is single-process: a second process opening the same directory would corrupt it. A lock
 * file taken with O_EXCL says who holds it (pid, start time, boot); a stale one is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'fas.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify(currentOwner()));
      closeSync(fd);
      // Also on a forced process.exit() in the middle of a shutdown: no lock is left behind.
      const release = () => rmSync(file, { force: true });
      process.once('exit', release);
      return () => {
        process.removeListener('exit', release);
        release();
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = parseOwner(read(file) ?? '');
      if (owner && owner.pid !== process.pid && ownerAlive(owner)) {
        throw new DataDirLockedError(
          `the embedded database in ${dir} is in use by another process (pid ${owner.pid}); stop it first, or point FAS_DATA_DIR elsewhere, or use DATABASE_URL=postgres://... for several processes`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`could not lock ${dir}`);
}
