import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { templatedDataDir } from '../support/data-dir-template.js';
import { freePort } from '../support/free-port.js';
import { until } from '../support/until.js';

const root = path.resolve(import.meta.dirname, '../..');
// The built CLI, as `npm start` runs it (tsx would stand between the signals and the server).
const fasBin = path.join(root, 'bin/fas.js');
// The signal tests bring up their own PGlite data dir; on a PostgreSQL run they are skipped (reported so).
const onPostgres = inject('databaseUrl').startsWith('postgres');

const made: string[] = [];
const tmp = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fas-dur-'));
  made.push(dir);
  return dir;
};
/** A data directory already migrated (no workspace yet): what the signals act on, not initdb, is the point. */
const migratedDir = () => {
  const dir = templatedDataDir('fas-dur-');
  made.push(dir);
  return dir;
};
const children: ChildProcess[] = [];
afterAll(() => {
  // Each child leads its own process group (detached): a failed test leaves none of it running.
  for (const c of children) {
    try {
      process.kill(-(c.pid as number), 'SIGKILL');
    } catch {
      // the group is gone already
    }
  }
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A real `fas serve` on PGlite in `dir` (rate limits off: the write loop is the point). */
function serve(dir: string, port: number, command: [string, string[]] = ['node', [fasBin, 'serve']]) {
  const child = spawn(command[0], command[1], {
    cwd: root,
    detached: true,
    env: { ...process.env, FAS_DATA_DIR: dir, DATABASE_URL: '', PORT: String(port), LOG_LEVEL: 'info', FAS_RATE_LIMIT_PER_SECOND: '0' },
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes('FAS gateway ready')) {
        clearInterval(timer);
        resolve();
      }
    }, 25);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited: ${out}`));
    });
  });
  return { child, ready, exited, output: () => out };
}

const port = freePort;

interface GroupProcess {
  pid: number;
  state: string;
  ppid: number;
  command: string;
}

/** The processes of group `pgid` that have not ended (zombies excluded). */
function liveInGroup(pgid: number): GroupProcess[] {
  const live: GroupProcess[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses, so split after the last ')'.
      const [state, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === undefined || Number(pgrp) !== pgid || state === 'Z') continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      live.push({ pid: Number(pid), state, ppid: Number(ppid), command });
    } catch {
      // the process ended while being read
    }
  }
  return live;
}

/** Waits until nothing of group `pgid` runs, naming what still does (and the log) when it times out. */
async function groupGone(pgid: number, output: () => string): Promise<void> {
  const listed = () => liveInGroup(pgid).map((p) => `${p.pid} ${p.state} ppid=${p.ppid} ${p.command.slice(0, 160)}`);
  // How long the graceful shutdown takes (a PGlite checkpoint, as long as disk and CPU make it) is not the point.
  await until(
    () => `the process group to be gone; still running:\n${listed().join('\n')}\n${output().slice(-2000)}`,
    () => listed().length === 0,
    60_000,
  );
}

function modes(dir: string): { path: string; mode: number; dir: boolean }[] {
  const out = [{ path: dir, mode: statSync(dir).mode & 0o777, dir: true }];
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const p = path.join(dir, name);
    const s = statSync(p);
    out.push({ path: p, mode: s.mode & 0o777, dir: s.isDirectory() });
  }
  return out;
}

describe('embedded data on disk', () => {
  it('the data directory is 0700 and every file 0600, a loose existing directory included', async () => {
    const dir = path.join(tmp(), 'data');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    writeFileSync(path.join(dir, 'left-over.txt'), 'x', { mode: 0o666 });
    chmodSync(path.join(dir, 'left-over.txt'), 0o666);
    const db = await openDatabase({ databaseUrl: undefined, dataDir: dir });
    await db.sql({ text: 'CREATE TABLE t (x int)', values: [] } as never);
    await db.sql({ text: 'INSERT INTO t VALUES (1)', values: [] } as never);
    await db.close();
    const entries = modes(dir);
    expect(entries.length).toBeGreaterThan(100);
    expect(entries.filter((e) => e.dir && e.mode !== 0o700)).toEqual([]);
    expect(entries.filter((e) => !e.dir && (e.mode & 0o077) !== 0)).toEqual([]);
  }, 120_000);
});

describe('signals and crashes (PGlite)', () => {
  it.skipIf(onPostgres)(
    'any number of SIGINT/SIGTERM during shutdown: a clean exit, no lock left, the next start works',
    async () => {
      const dir = migratedDir();
      const p = await port();
      const server = serve(dir, p);
      await server.ready;
      const pid = server.child.pid as number;
      process.kill(pid, 'SIGINT');
      await new Promise((r) => setTimeout(r, 10));
      process.kill(pid, 'SIGINT');
      process.kill(pid, 'SIGTERM');
      await new Promise((r) => setTimeout(r, 5));
      process.kill(pid, 'SIGINT');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(existsSync(path.join(dir, 'fas.lock'))).toBe(false);
      const again = serve(dir, p);
      await again.ready;
      again.child.kill('SIGTERM');
      expect((await again.exited).code).toBe(0);
    },
    180_000,
  );

  it.skipIf(onPostgres)(
    'SIGKILL during a write loop loses no acknowledged write, and the next start succeeds',
    async () => {
      const dir = migratedDir();
      const p = await port();
      const acknowledged: string[] = [];
      const statuses = new Set<string>();
      let key = '';
      for (const round of [0, 1]) {
        const server = serve(dir, p);
        await server.ready;
        if (round === 0) key = JSON.parse(readFileSync(path.join(dir, 'credentials.json'), 'utf8')).apiKey.key;
        let killed = false;
        const writer = async (w: number) => {
          for (let i = 0; !killed; i++) {
            try {
              const res = await fetch(`http://127.0.0.1:${p}/api/v2/accounts`, {
                method: 'POST',
                headers: { authorization: `APIKey ${key}`, 'content-type': 'application/json' },
                body: JSON.stringify({ type: 'individual', email: `w${w}-${i}-r${round}@example.com` }),
              });
              if (res.status === 201) acknowledged.push(((await res.json()) as { accountId: string }).accountId);
              else statuses.add(`${res.status} ${await res.text()}`);
            } catch (err) {
              // The connection died with the process: this write was never acknowledged.
              statuses.add(String((err as Error).cause ?? err));
            }
          }
        };
        const before = acknowledged.length;
        const loops = [0, 1, 2, 3].map(writer);
        // Once writes flow (a fresh process compiles its validators first), kill at a different
        // moment in each round.
        await until('writes to be acknowledged', () => acknowledged.length > before, 60_000);
        await new Promise((r) => setTimeout(r, 300 + round * 450));
        server.child.kill('SIGKILL');
        await server.exited;
        killed = true;
        await Promise.all(loops);
      }
      expect(acknowledged.length, [...statuses].join('\n')).toBeGreaterThan(1);
      const server = serve(dir, p);
      await server.ready;
      const missing: string[] = [];
      for (const id of acknowledged) {
        let res: Response | undefined;
        // A busy fresh process may shed a read (503 + Retry-After): retry it as a client would.
        for (let attempt = 0; attempt < 20 && (!res || res.status === 503); attempt++) {
          if (res) await new Promise((r) => setTimeout(r, 1000 * Number(res?.headers.get('retry-after') ?? 1)));
          res = await fetch(`http://127.0.0.1:${p}/api/v2/accounts/${id}`, { headers: { authorization: `APIKey ${key}` } });
        }
        if (res?.status !== 200) missing.push(`${id}: ${res?.status}`);
      }
      expect(missing).toEqual([]);
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    },
    240_000,
  );

  it.skipIf(onPostgres)(
    '`npm run dev` stopped with SIGTERM leaves no process behind',
    async () => {
      const dir = migratedDir();
      const p = await port();
      const server = serve(dir, p, ['npm', ['run', 'dev', '--silent']]);
      await server.ready;
      server.child.kill('SIGTERM');
      await server.exited;
      // Nothing of the process group (npm, the watcher, the server) is left, and the port is free.
      // A zombie is not left behind: it has ended and waits only for init to reap it (seen:
      // esbuild's, reparented to pid 1), so the group's live processes are what count.
      await groupGone(server.child.pid as number, server.output);
      await expect(fetch(`http://127.0.0.1:${p}/healthz`)).rejects.toThrow();
      expect(existsSync(path.join(dir, 'fas.lock'))).toBe(false);
    },
    180_000,
  );

  it.skipIf(onPostgres)(
    '`npm run dev` whose script is slow to take SIGTERM (a busy machine) still stops its tools',
    async () => {
      const dir = migratedDir();
      const p = await port();
      const server = serve(dir, p, ['npm', ['run', 'dev', '--silent']]);
      await server.ready;
      const pgid = server.child.pid as number;
      // The process running scripts/dev.ts (the last started, should a launcher stand before it)
      // is held still across the signal, as a loaded machine's scheduler may hold it: a launcher
      // that gives up on it and kills it (tsx does after 30 ms) would leave its tools running.
      const script = liveInGroup(pgid)
        .filter((proc) => proc.command.includes('scripts/dev.ts'))
        .sort((a, b) => b.pid - a.pid)[0];
      if (!script) throw new Error(`no scripts/dev.ts process in ${JSON.stringify(liveInGroup(pgid))}`);
      process.kill(script.pid, 'SIGSTOP');
      server.child.kill('SIGTERM');
      // 300 ms: ten times the launcher's patience, nothing to await while a process is stopped.
      await new Promise((r) => setTimeout(r, 300));
      try {
        process.kill(script.pid, 'SIGCONT');
      } catch {
        // already killed: what the rest of the test then finds left behind is the failure
      }
      await server.exited;
      await groupGone(pgid, server.output);
      await expect(fetch(`http://127.0.0.1:${p}/healthz`)).rejects.toThrow();
      expect(existsSync(path.join(dir, 'fas.lock'))).toBe(false);
    },
    180_000,
  );
});
