import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Makes `dir` readable by its owner only: the directory tree 0700, its files 0600 (existing data
 * directories created loosely are tightened). PGlite's file system sets 0666 on the files it
 * creates whatever the umask, so this runs again after it opened and when it closes; files it
 * creates in between sit in 0700 directories, out of reach of other users all the same.
 */
export function privateDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(dir);
}

function tighten(p: string): void {
  const stat = lstatSync(p);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== 0o700) chmodSync(p, 0o700);
    for (const name of readdirSync(p)) tighten(path.join(p, name));
  } else if ((stat.mode & 0o077) !== 0) {
    chmodSync(p, stat.mode & 0o700);
  }
}
