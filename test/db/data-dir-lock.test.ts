import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { currentOwner, DataDirLockedError, lockDataDir, parseOwner, processStartTime } from '../../src/db/data-dir-lock.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tmp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'fas-lock-'));
  dirs.push(d);
  return d;
};
const onLinux = existsSync('/proc/self/stat');

/** Takes the lock of `dir` and answers the pid its lock file then names (this process's, when taken), releasing it. */
function takeOver(dir: string): number | undefined {
  const unlock = lockDataDir(dir);
  try {
    return parseOwner(readFileSync(path.join(dir, 'fas.lock'), 'utf8'))?.pid;
  } finally {
    unlock();
  }
}

/** A live process other than this one: a child that sleeps until killed. */
async function otherProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('spawn', resolve));
  return child;
}

describe('the data directory lock (issue 24)', () => {
  it('records pid, start time and boot; a second lock while held is refused; released, it is free', () => {
    const dir = tmp();
    const unlock = lockDataDir(dir);
    const owner = parseOwner(readFileSync(path.join(dir, 'fas.lock'), 'utf8'));
    expect(owner?.pid).toBe(process.pid);
    if (onLinux) {
      expect(owner?.start).toBe(processStartTime(process.pid));
      expect(owner?.boot).toMatch(/^[0-9a-f-]{36}$/);
    }
    unlock();
    expect(existsSync(path.join(dir, 'fas.lock'))).toBe(false);
    expect(takeOver(dir)).toBe(process.pid);
  });

  it('a live owner (same pid, same start time) keeps it', async () => {
    const dir = tmp();
    const child = await otherProcess();
    try {
      const pid = child.pid as number;
      writeFileSync(path.join(dir, 'fas.lock'), JSON.stringify({ ...currentOwner(), pid, start: processStartTime(pid) }));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      // A lock file of the old format (a bare pid) of a live process is still respected.
      writeFileSync(path.join(dir, 'fas.lock'), String(pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it.runIf(onLinux)(
    'a pid now used by another process (other start time, or another boot) is not the owner: the lock is taken over',
    async () => {
      const dir = tmp();
      const child = await otherProcess();
      try {
        const pid = child.pid as number;
        const start = processStartTime(pid) as number;
        // The recorded owner started earlier: its pid was given to this process since.
        writeFileSync(path.join(dir, 'fas.lock'), JSON.stringify({ ...currentOwner(), pid, start: start - 1 }));
        expect(takeOver(dir)).toBe(process.pid);
        // Same pid and start time, but recorded on an earlier boot.
        writeFileSync(path.join(dir, 'fas.lock'), JSON.stringify({ pid, start, boot: '00000000-0000-0000-0000-000000000000' }));
        expect(takeOver(dir)).toBe(process.pid);
        // The same record on this boot is the live child's: refused (the two above were taken over, not ignored).
        writeFileSync(path.join(dir, 'fas.lock'), JSON.stringify({ ...currentOwner(), pid, start }));
        expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      } finally {
        child.kill('SIGKILL');
      }
    },
  );

  it('a dead pid is taken over', async () => {
    const dir = tmp();
    const child = await otherProcess();
    const pid = child.pid as number;
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    writeFileSync(path.join(dir, 'fas.lock'), JSON.stringify({ pid }));
    expect(takeOver(dir)).toBe(process.pid);
    expect(existsSync(path.join(dir, 'fas.lock'))).toBe(false);
  });
});
