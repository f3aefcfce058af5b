import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { dataDirCli, fasBin } from '../support/cli.js';
import { templatedDataDir } from '../support/data-dir-template.js';
import { freePort } from '../support/free-port.js';

// Issue 37: right after a restart, the first API call on a seeded embedded database was answered
// `503 overloaded (event loop delay)`, and a dashboard sign-in `503` too. A restarted
// `fas serve` (the built binary, default shedding) is called at once: nothing may be shed.
const root = path.resolve(import.meta.dirname, '../..');
const onPostgres = inject('databaseUrl').startsWith('postgres');
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function serve(dir: string, port: number) {
  const child = spawn('node', [fasBin, 'serve'], {
    cwd: root,
    detached: true,
    env: { ...process.env, FAS_DATA_DIR: dir, DATABASE_URL: '', PORT: String(port), LOG_LEVEL: 'info' },
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const check = () =>
      out.includes('FAS gateway ready') ? resolve() : child.exitCode !== null ? reject(new Error(out)) : setTimeout(check, 20);
    check();
  });
  return {
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe.skipIf(onPostgres)('a restarted fas serve on a seeded data directory', () => {
  it('answers API calls and a dashboard sign-in made at once, without shedding any', async () => {
    const dir = templatedDataDir('fas-restart-');
    dirs.push(dir);
    const port = await freePort();
    // First start: the sandbox workspace and its credentials.
    await (await serve(dir, port)).stop();
    const creds = JSON.parse(readFileSync(path.join(dir, 'credentials.json'), 'utf8'));
    const seeded = await dataDirCli(dir)(['seed', '--transactions', '20000']);
    expect(seeded.code, seeded.stderr).toBe(0);

    const server = await serve(dir, port);
    const base = `http://127.0.0.1:${port}`;
    const api = { authorization: `APIKey ${creds.apiKey.key}` };
    const stats = '{ transactionStats(groupBy: [COIN, STATUS, TYPE, DAY]) { count coin } }';
    const calls = [
      ...Array.from({ length: 8 }, () => fetch(`${base}/api/v2/transactions?limit=100`, { headers: api })),
      ...Array.from({ length: 4 }, () => fetch(`${base}/api/v2/accounts?limit=1`, { headers: api })),
      fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { ...api, 'content-type': 'application/json' },
        body: JSON.stringify({ query: stats }),
      }),
      fetch(`${base}/trpc/session.signIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-fas-csrf': '1' },
        body: JSON.stringify({ token: creds.admin.token }),
      }),
      fetch(`${base}/api/v2/events?limit=10`, { headers: api }),
    ];
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    await server.stop();
    const labels = ['page x8', 'accounts x4', 'graphql stats', 'sign-in', 'events'];
    expect(statuses, labels.join(', ')).not.toContain(503);
    expect(statuses.every((s) => s === 200)).toBe(true);
  }, 600_000);
});
