import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is single-process: a second process opening the same directory would corrupt it. A pid
 * file taken with O_EXCL says who holds it; a stale one (dead pid) is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'fas.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
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
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(
          `the embedded database in ${dir} is in use by another process (pid ${pid}); stop it first, or point FAS_DATA_DIR elsewhere, or use DATABASE_URL=postgres://... for several processes`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`could not lock ${dir}`);
}
