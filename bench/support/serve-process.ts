import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * `fas <args>` from the build with `env` over this process's environment; the tail of its output is
 * kept. BENCH_NODE_ARGS adds options to its node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, which
 * NODE_OPTIONS refuses), to profile the server during a benchmark, after the server's own flags (bin/fas.js).
 */
function spawnFas(args: string[], env: Record<string, string>) {
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, ['--max-semi-space-size=32', ...nodeArgs, path.join(root, 'bin/fas.js'), ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => out };
}

/** Polls `ready` every 200 ms until it holds, or kills the child and fails with its output. */
async function whenReady(started: ReturnType<typeof spawnFas>, ready: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && started.child.exitCode === null) {
    if (await ready()) return started.child;
    await new Promise((r) => setTimeout(r, 200));
  }
  started.child.kill('SIGKILL');
  throw new Error(`${what} did not start: ${started.output().slice(-2000)}`);
}

/**
 * `fas serve --no-worker` from the build (`npm run build` first) on 127.0.0.1:`port` with `env`
 * over this process's environment, once `/healthz` answers; its output is kept for the error
 * when it does not start within `timeoutMs`.
 */
export async function startServe(env: Record<string, string>, port: number, timeoutMs = 180_000): Promise<ChildProcess> {
  const started = spawnFas(['serve', '--no-worker'], { ...env, PORT: String(port), HOST: '127.0.0.1' });
  const up = () =>
    fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
  return whenReady(started, up, timeoutMs, 'server');
}

/** `fas worker` from the build with `env`, once it says it is ready (it serves no HTTP). */
export async function startWorker(env: Record<string, string>, timeoutMs = 180_000): Promise<ChildProcess> {
  const started = spawnFas(['worker'], env);
  return whenReady(started, async () => started.output().includes('webhook worker ready'), timeoutMs, 'worker');
}

/** Resident memory of a process, in MiB (Linux). */
export const rssMiB = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024;
