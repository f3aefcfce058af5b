import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { cliEnv, dataDirCli, fasBin, spawnFas } from '../support/cli.js';
import { templatedDataDir } from '../support/data-dir-template.js';
import { freePort } from '../support/free-port.js';
import { until } from '../support/until.js';

const root = path.resolve(import.meta.dirname, '../..');
// These tests need a database of their own (migrations to apply, an empty one to bootstrap): PGlite only.
const onPostgres = inject('databaseUrl').startsWith('postgres');

const made: string[] = [];
const tmp = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'fas-cli-'));
  made.push(dir);
  return dir;
};
/** A data directory already migrated, without a workspace: a first start still bootstraps the sandbox there. */
const migratedDir = () => {
  const dir = templatedDataDir('fas-cli-');
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('fas CLI', () => {
  // Each command opens the data directory and closes it again (what persists between them is the
  // point), in this process; the last one is a process of its own. Exit codes and messages of every
  // command are tested in exit-codes.test.ts.
  it('workspace create --json, apikey create/revoke, admin create; the process exits 1 or 2 on failures', async () => {
    const dir = migratedDir();
    const fas = dataDirCli(dir);
    const ws = await fas(['workspace', 'create', '--name', 'Acme', '--sandbox', '--json']);
    expect(ws.code, ws.stderr).toBe(0);
    const created = JSON.parse(ws.stdout);
    expect(created).toMatchObject({ name: 'Acme', sandbox: true });
    expect(created.apiKey.key).toMatch(/^fas_sk_/);
    expect(created.admin.token).toMatch(/^fas_at_/);
    const w = ['--workspace', created.workspaceId, '--json'];

    const key = await fas(['apikey', 'create', '--name', 'ci', ...w]);
    expect(key.code, key.stderr).toBe(0);
    const { apiKeyId } = JSON.parse(key.stdout);
    const revoked = await fas(['apikey', 'revoke', '--id', apiKeyId, '--json']);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(JSON.parse(revoked.stdout).revokedAt).toMatch(/Z$/);

    const analyst = await fas(['admin', 'create', '--email', 'ana@example.com', '--role', 'analyst', ...w]);
    expect(analyst.code, analyst.stderr).toBe(0);
    expect(JSON.parse(analyst.stdout)).toMatchObject({ email: 'ana@example.com', role: 'analyst' });

    // The built binary on the same directory: it sees the admin made above, and its process exits 1.
    const dup = spawnFas(['admin', 'create', '--email', 'ana@example.com', ...w], cliEnv(dir));
    expect(dup.code, dup.stderr).toBe(1);
    expect(JSON.parse(dup.stderr).error.message).toMatch(/already exists/);
  }, 300_000);

  it('`fas --help | true`: a closed pipe ends the process quietly; `fas --version`; a usage error exits 2', () => {
    // `true` exits without reading, so the help is written into a closed pipe (EPIPE).
    const piped = spawnSync('bash', ['-c', `node ${fasBin} --help | true; exit \${PIPESTATUS[0]}`], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(piped.stderr).toBe('');
    expect(piped.status).toBe(0);
    const version = spawnFas(['--version'], {}, 60_000);
    expect(version.code).toBe(0);
    expect(version.stdout).toBe(`${JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version}\n`);
    const unknown = spawnFas(['frobnicate'], {}, 60_000);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command/);
  }, 120_000);

  it.skipIf(onPostgres)(
    'migrate reports applied migrations, then that the database is up to date',
    async () => {
      const fas = dataDirCli(tmp());
      const first = await fas(['migrate', '--json']);
      expect(first.code, first.stderr).toBe(0);
      expect(JSON.parse(first.stdout).applied.length).toBeGreaterThan(0);
      const second = await fas(['migrate', '--json']);
      expect(JSON.parse(second.stdout)).toEqual({ applied: [] });
    },
    180_000,
  );
});

describe('fas serve', () => {
  function start(
    dir: string,
    port: number,
    command: [string, string[]] = [process.execPath, [fasBin, 'serve']],
  ): { child: ChildProcess; output: () => string; ready: Promise<void> } {
    const child = spawn(command[0], command[1], {
      cwd: root,
      env: { ...process.env, ...cliEnv(dir, { PORT: String(port), LOG_LEVEL: 'info' }) },
    });
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
    'first start writes sandbox credentials 0600 and logs no secret when not on a terminal; a second process on the dir is refused; SIGTERM stops',
    async () => {
      const dir = migratedDir();
      const port = await freePort();
      const server = start(dir, port);
      await server.ready;
      const creds = JSON.parse(readFileSync(path.join(dir, 'credentials.json'), 'utf8'));
      expect(statSync(path.join(dir, 'credentials.json')).mode & 0o777).toBe(0o600);
      // Not a terminal (a collected log): the secrets stay in the file, the log names it.
      for (const secret of [creds.apiKey.key, creds.admin.token]) expect(server.output()).not.toContain(secret);
      expect(server.output()).toContain(path.join(dir, 'credentials.json'));
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

      // Another process (this one) is refused the directory while the server holds it.
      const second = await dataDirCli(dir)(['migrate']);
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(new RegExp(`in use by another process \\(pid ${server.child.pid}\\)`));

      const exited = new Promise<number | null>((resolve) => server.child.on('exit', resolve));
      server.child.kill('SIGTERM');
      expect(await exited).toBe(0);
      // The lock is released: the data dir opens again, and the sandbox is not created twice.
      const again = await dataDirCli(dir)(['migrate', '--json']);
      expect(again.code, again.stderr).toBe(0);
      expect(JSON.parse(again.stdout)).toEqual({ applied: [] });
    },
    300_000,
  );

  it.skipIf(onPostgres)(
    'first start on a terminal shows the secrets there, and the JSON log lines still hold none',
    async () => {
      const dir = migratedDir();
      const port = await freePort();
      // util-linux `script` runs the server on a pseudo-terminal: stdout and stderr are TTYs.
      const server = start(dir, port, ['script', ['-qfec', `${process.execPath} ${fasBin} serve`, '/dev/null']]);
      await server.ready;
      const creds = JSON.parse(readFileSync(path.join(dir, 'credentials.json'), 'utf8'));
      await until('the banner', () => server.output().includes(creds.admin.token), 30_000);
      expect(server.output()).toContain(creds.apiKey.key);
      const logLines = server
        .output()
        .split(/\r?\n/)
        .filter((l) => l.startsWith('{'));
      expect(logLines.some((l) => l.includes('credentials.json'))).toBe(true);
      for (const secret of [creds.apiKey.key, creds.admin.token]) expect(logLines.join('\n')).not.toContain(secret);
      const exited = new Promise<number | null>((resolve) => server.child.on('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    },
    300_000,
  );

  it.skipIf(onPostgres)(
    '`npm start` (the README command) passes SIGTERM on to the server, which stops gracefully',
    async () => {
      const dir = migratedDir();
      const port = await freePort();
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
