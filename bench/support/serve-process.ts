import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * `fas serve --no-worker` from the build (`npm run build` first) on 127.0.0.1:`port` with `env`
 * over this process's environment, once `/healthz` answers; its output is kept for the error
 * when it does not start within `timeoutMs`.
 */
export async function startServe(env: Record<string, string>, port: number, timeoutMs = 180_000): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'bin/fas.js'), 'serve', '--no-worker'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${out.slice(-2000)}`);
}

/** Resident memory of a process, in MiB (Linux). */
export const rssMiB = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024;
