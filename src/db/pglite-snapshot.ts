import { constants, copyFileSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What a snapshot of the embedded database copied, and how long writers waited for it. */
export interface SnapshotReport {
  /** The data directory's copy: `<to>/pgdata`. */
  dir: string;
  files: number;
  bytes: number;
  /** The first CHECKPOINT, one statement like any other (writers queue behind it). */
  checkpointMs: number;
  /** The held section: the second CHECKPOINT and the copy, with no statement of anyone else in between. */
  pauseMs: number;
  /** Migrations applied to the copied database, in order. */
  migrations: string[];
  /** PostgreSQL's major version (the data directory's PG_VERSION). */
  postgres: string;
}

/**
 * Directories whose contents a copy leaves out (they must exist, empty): PostgreSQL's list for base
 * backups (runtime state rebuilt at start), and pg_wal, whose segments are chosen by `walKept`.
 */
const EMPTIED = new Set(['pg_wal', 'pg_dynshmem', 'pg_notify', 'pg_replslot', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'pg_internal.init']);

/** WAL segments from the last checkpoint's redo point to the current insert position: all that start needs. */
export interface WalRange {
  redo: string;
  current: string;
}

/**
 * Copies the data directory `from` into `to` (created), file by file (a reflink where the file
 * system offers one): called while no statement runs, right after a CHECKPOINT, so the copy is the
 * database at that instant. Returns how many files and bytes were copied.
 */
export function copyDataDir(from: string, to: string, wal: WalRange): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  const walen = (name: string) => /^[0-9A-F]{24}$/.test(name) && name >= wal.redo && name <= wal.current;
  const walk = (src: string, dst: string, rel: string) => {
    mkdirSync(dst, { mode: 0o700 });
    for (const entry of readdirSync(src, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const s = path.join(src, entry.name);
      const d = path.join(dst, entry.name);
      if (entry.isDirectory()) {
        if (EMPTIED.has(rel) && rel !== 'pg_wal') continue;
        if (entry.name.startsWith('pgsql_tmp')) continue;
        walk(s, d, rel ? `${rel}/${entry.name}` : entry.name);
      } else if (entry.isFile()) {
        if (SKIPPED_FILES.has(entry.name) || entry.name.startsWith('pgsql_tmp')) continue;
        if (EMPTIED.has(rel) && !(rel === 'pg_wal' && walen(entry.name))) continue;
        copyFileSync(s, d, constants.COPYFILE_FICLONE);
        files++;
        bytes += statSync(d).size;
      }
    }
  };
  walk(from, to, '');
  return { files, bytes };
}

export const postgresVersion = (dataDir: string) => readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim();
