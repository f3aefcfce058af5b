import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { until } from '../support/until.js';

const root = path.resolve(import.meta.dirname, '../..');
const main = path.join(root, 'src/cli/main.ts');
const tsx = path.join(root, 'node_modules/.bin/tsx');
// These tests need a database of their own (migrations to apply, an empty one to bootstrap): PGlite only.
const onPostgres = inject('databaseUrl').startsWith('postgres');

function env(dataDir: string, extra: Record<string, string> = {}) {
  const url = inject('databaseUrl');
  // The CLI's own persistence path is the point here: PGlite in a data dir unless PostgreSQL runs the suite.
  return { ...process.env, FAS_DATA_DIR: dataDir, DATABASE_URL: url.startsWith('postgres') ? url : '', LOG_LEVEL: 'silent', ...extra };
}

function fas(args: string[], dataDir: string) {
  const r = spawnSync(tsx, [main, ...args], { env: env(dataDir), encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const made: string[] = [];
const tmp = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fas-cli-'));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('fas CLI', () => {
  // Each command a process of its own on the data directory (what persists between them is the
  // point); exit codes and messages of every command are tested in-process in exit-codes.test.ts.
  it('workspace create --json, apikey create/revoke, admin create; the process exits 1 or 2 on failures', async () => {
    const dir = tmp();
    const ws = fas(['workspace', 'create', '--name', 'Acme', '--sandbox', '--json'], dir);
    expect(ws.code, ws.stderr).toBe(0);
    const created = JSON.parse(ws.stdout);
    expect(created).toMatchObject({ name: 'Acme', sandbox: true });
    expect(created.apiKey.key).toMatch(/^fas_sk_/);
    expect(created.admin.token).toMatch(/^fas_at_/);
    const w = ['--workspace', created.workspaceId, '--json'];

    const key = fas(['apikey', 'create', '--name', 'ci', ...w], dir);
    expect(key.code, key.stderr).toBe(0);
    const { apiKeyId } = JSON.parse(key.stdout);
    const revoked = fas(['apikey', 'revoke', '--id', apiKeyId, '--json'], dir);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(JSON.parse(revoked.stdout).revokedAt).toMatch(/Z$/);

    const analyst = fas(['admin', 'create', '--email', 'ana@example.com', '--role', 'analyst', ...w], dir);
    expect(analyst.code, analyst.stderr).toBe(0);
    expect(JSON.parse(analyst.stdout)).toMatchObject({ email: 'ana@example.com', role: 'analyst' });

    const dup = fas(['admin', 'create', '--email', 'ana@example.com', ...w], dir);
    expect(dup.code).toBe(1);
    expect(JSON.parse(dup.stderr).error.message).toMatch(/already exists/);
    const unknown = fas(['frobnicate'], dir);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command/);
  }, 300_000);

  it('`fas --help | true`: a closed pipe ends the process quietly; `fas --version`', () => {
    // `true` exits without reading, so the help is written into a closed pipe (EPIPE).
    const piped = spawnSync('bash', ['-c', `node --import tsx ${main} --help | true; exit \${PIPESTATUS[0]}`], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(piped.stderr).toBe('');
    expect(piped.status).toBe(0);
    const version = spawnSync(process.execPath, ['--import', 'tsx', main, '--version'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(version.status).toBe(0);
    expect(version.stdout).toBe(`${JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version}\n`);
  }, 120_000);

  it.skipIf(onPostgres)(
    'migrate reports applied migrations, then that the database is up to date',
    () => {
      const dir = tmp();
      const first = fas(['migrate', '--json'], dir);
      expect(first.code, first.stderr).toBe(0);
      expect(JSON.parse(first.stdout).applied.length).toBeGreaterThan(0);
      const second = fas(['migrate', '--json'], dir);
      expect(JSON.parse(second.stdout)).toEqual({ applied: [] });
    },
    180_000,
  );
});

describe('fas serve', () => {
  function start(
    dir: string,
    port: number,
    command: [string, string[]] = [tsx, [main, 'serve']],
  ): { child: ChildProcess; output: () => string; ready: Promise<void> } {
    const child = spawn(command[0], command[1], { cwd: root, env: env(dir, { PORT: String(port), LOG_LEVEL: 'info' }) });
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      out += d;
    });
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (out.includes('FAS gateway ready')) {
          clearInterval(timer);
          resolve();
        }
      }, 50);
      child.on('exit', (code) => {
        clearInterval(timer);
        reject(new Error(`exited ${code}: ${out}`));
      });
    });
    return { child, output: () => out, ready };
  }

  it.skipIf(onPostgres)(
    'first start prints sandbox credentials and writes them 0600; a second process on the dir is refused; SIGTERM stops',
    async () => {
      const dir = tmp();
      const port = 20000 + Math.floor(Math.random() * 20000);
      const server = start(dir, port);
      await server.ready;
      const creds = JSON.parse(readFileSync(path.join(dir, 'credentials.json'), 'utf8'));
      expect(statSync(path.join(dir, 'credentials.json')).mode & 0o777).toBe(0o600);
      expect(server.output()).toContain(creds.apiKey.key);
      // Logs are JSON lines with a request id and no secrets.
      const res = await fetch(`http://127.0.0.1:${port}/api/v2/accounts`, { headers: { authorization: `APIKey ${creds.apiKey.key}` } });
      expect(res.status).toBe(200);
      const requestId = res.headers.get('x-request-id');
      const logLines = () =>
        server
          .output()
          .split('\n')
          .filter((l) => l.startsWith('{'));
      await until('the request to be logged', () => logLines().some((l) => JSON.parse(l).reqId === requestId), 30_000);
      expect(logLines().join('\n')).not.toContain(creds.apiKey.key);

      const second = fas(['migrate'], dir);
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(/in use by another process \(pid \d+\)/);

      const exited = new Promise<number | null>((resolve) => server.child.on('exit', resolve));
      server.child.kill('SIGTERM');
      expect(await exited).toBe(0);
      // The lock is released: the data dir opens again, and the sandbox is not created twice.
      const again = fas(['migrate', '--json'], dir);
      expect(again.code, again.stderr).toBe(0);
    },
    300_000,
  );

  it.skipIf(onPostgres)(
    '`npm start` (the README command) passes SIGTERM on to the server, which stops gracefully',
    async () => {
      const dir = tmp();
      const port = 20000 + Math.floor(Math.random() * 20000);
      // npm runs the script through `sh -c`; without `exec` the shell kept the signal from the server.
      const server = start(dir, port, ['npm', ['start', '--silent']]);
      await server.ready;
      const exited = new Promise<number | null>((resolve) => server.child.on('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
      // 'exit' may come before the last output is read.
      await until('the shutdown message', () => server.output().includes('shutting down'), 30_000);
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    },
    300_000,
  );
});
