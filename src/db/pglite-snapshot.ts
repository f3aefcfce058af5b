import {
  closeSync,
  constants,
  copyFileSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { copyFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** What a snapshot of the embedded database copied, and how long writers waited for it. */
export interface SnapshotReport {
  /** The data directory's copy: `<to>/pgdata`. */
  dir: string;
  files: number;
  bytes: number;
  /** Bytes written during the held section (files changed since the copy made beforehand). */
  heldBytes: number;
  /** The first CHECKPOINT, one statement like any other (writers queue behind it). */
  checkpointMs: number;
  /** The held section: the second CHECKPOINT and the copy's catch-up, no statement of anyone else in between. */
  pauseMs: number;
  /** Migrations applied to the copied database, in order. */
  migrations: string[];
  /** PostgreSQL's major version (the data directory's PG_VERSION). */
  postgres: string;
}

/** WAL segments from the last checkpoint's redo point to the current insert position: all a start needs. */
export interface WalRange {
  redo: string;
  current: string;
}

/**
 * Directories whose contents a copy leaves out (they must exist, empty): PostgreSQL's list for base
 * backups (runtime state rebuilt at start). pg_wal keeps the segments `WalRange` names.
 */
const EMPTIED = new Set(['pg_dynshmem', 'pg_notify', 'pg_replslot', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'pg_internal.init']);
const MANIFEST = 'precopy.json';
/** A file whose last change is older than this when it was first copied, and unchanged since, is taken as copied. */
const SETTLED_MS = 2000;
const PAGE = 8192;

const isSegment = (name: string) => /^[0-9A-F]{24}$/.test(name);
const kept = (rel: string, name: string, dir: boolean) =>
  !EMPTIED.has(rel) && !name.startsWith('pgsql_tmp') && (dir || !SKIPPED_FILES.has(name));

/** The files of a data directory a copy holds (relative paths, directories first), WAL segments included. */
function listTree(root: string): { dirs: string[]; files: string[] } {
  const dirs: string[] = [];
  const files: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!kept(rel, e.name, true)) continue;
        dirs.push(r);
        walk(r);
      } else if (e.isFile() && kept(rel, e.name, false)) files.push(r);
    }
  };
  walk('');
  return { dirs, files };
}

interface Manifest {
  dirs: string[];
  files: Record<string, { mtimeNs: string; size: number; ino: number; at: number }>;
}

/**
 * The copy made before the held section, while the database serves (by another thread or process
 * than PGlite's: the CLI's): every file as it is read, torn or not, with its size and change time
 * before the read, so the held section rewrites only what changed since.
 */
export async function precopyDataDir(from: string, to: string): Promise<void> {
  const { dirs, files } = listTree(from);
  const manifest: Manifest = { dirs, files: {} };
  await mkdir(path.join(to, 'pgdata'), { mode: 0o700 });
  for (const d of dirs) await mkdir(path.join(to, 'pgdata', d), { mode: 0o700 });
  for (const f of files) {
    const at = Date.now();
    const before = await stat(path.join(from, f), { bigint: true }).catch(() => undefined);
    if (!before) continue;
    // A file removed meanwhile is left out; the held section copies what exists then.
    const copied = await copyFile(path.join(from, f), path.join(to, 'pgdata', f)).then(
      () => true,
      () => false,
    );
    if (copied) manifest.files[f] = { mtimeNs: String(before.mtimeNs), size: Number(before.size), ino: Number(before.ino), at };
  }
  writeFileSync(path.join(to, MANIFEST), JSON.stringify(manifest));
}

/** Makes `dst` equal to `src`, writing only the pages that differ. Answers the bytes written. */
function syncFile(src: string, dst: string): number {
  const s = openSync(src, 'r');
  const w = openSync(dst, 'r+');
  try {
    const size = fstatSync(s).size;
    const a = Buffer.allocUnsafe(1024 * 1024);
    const b = Buffer.allocUnsafe(1024 * 1024);
    let written = 0;
    for (let at = 0; at < size; at += a.length) {
      const n = readSync(s, a, 0, a.length, at);
      const m = readSync(w, b, 0, n, at);
      for (let p = 0; p < n; p += PAGE) {
        const end = Math.min(p + PAGE, n);
        if (p + PAGE <= m && a.compare(b, p, end, p, end) === 0) continue;
        written += writeSync(w, a, p, end - p, at + p);
      }
    }
    ftruncateSync(w, size);
    return written;
  } finally {
    closeSync(s);
    closeSync(w);
  }
}

/**
 * Brings the copy in `<to>/pgdata` level with the data directory `from`: called while no statement
 * runs, right after a CHECKPOINT, so the copy becomes the database at that instant. Files unchanged
 * since the copy made beforehand are left; the others are rewritten page by page; WAL segments
 * outside `wal` and files gone since are removed.
 */
export function syncDataDir(from: string, to: string, wal: WalRange): { files: number; bytes: number; heldBytes: number } {
  const copy = path.join(to, 'pgdata');
  let manifest: Manifest = { dirs: [], files: {} };
  try {
    manifest = JSON.parse(readFileSync(path.join(to, MANIFEST), 'utf8')) as Manifest;
  } catch {}
  mkdirSync(copy, { recursive: true, mode: 0o700 });
  const { dirs, files } = listTree(from);
  for (const d of dirs) mkdirSync(path.join(copy, d), { recursive: true, mode: 0o700 });
  const wanted = new Set(
    files.filter((f) => !f.startsWith('pg_wal/') || !isSegment(path.basename(f)) || (f.slice(7) >= wal.redo && f.slice(7) <= wal.current)),
  );
  let bytes = 0;
  let heldBytes = 0;
  for (const f of wanted) {
    const src = path.join(from, f);
    const dst = path.join(copy, f);
    const now = statSync(src, { bigint: true });
    bytes += Number(now.size);
    const before = manifest.files[f];
    // Changed after its copy was made, it has a newer change time than the one read before (the
    // margin covers the file system's coarse clock): unchanged and settled, the copy is the file.
    const settled =
      before &&
      before.mtimeNs === String(now.mtimeNs) &&
      before.size === Number(now.size) &&
      before.ino === Number(now.ino) &&
      Number(now.mtimeNs / 1_000_000n) < before.at - SETTLED_MS;
    if (settled) continue;
    if (before) heldBytes += syncFile(src, dst);
    else {
      copyFileSync(src, dst, constants.COPYFILE_FICLONE);
      heldBytes += Number(now.size);
    }
  }
  // What the copy holds beyond the wanted files: segments outside the range, files dropped since.
  for (const f of Object.keys(manifest.files)) if (!wanted.has(f)) rmSync(path.join(copy, f), { force: true });
  const live = new Set(dirs);
  for (const d of manifest.dirs.reverse()) if (!live.has(d)) rmSync(path.join(copy, d), { recursive: true, force: true });
  rmSync(path.join(to, MANIFEST), { force: true });
  return { files: wanted.size, bytes, heldBytes };
}

export const postgresVersion = (dataDir: string) => readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim();
