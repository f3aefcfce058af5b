import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { dataDirCli, fasBin, spawnFas } from '../support/cli.js';
import { templatedDataDir } from '../support/data-dir-template.js';
import { freePort } from '../support/free-port.js';
import { until } from '../support/until.js';

const root = path.resolve(import.meta.dirname, '../..');
const onPostgres = inject('databaseUrl').startsWith('postgres');
const dir = templatedDataDir('fas-op-');
const env = { FAS_DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
// The command lines in this process (another process than the server all the same), the first one
// as the built binary of its own.
const fas = dataDirCli(dir, env);

let server: ChildProcess | undefined;
afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.on('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

// The embedded database belongs to one process; while `fas serve` holds it, the operator commands
// go through its socket (PostgreSQL needs no channel: the CLI opens the database beside the server).
describe.skipIf(onPostgres)('the CLI while `fas serve` holds the embedded database', () => {
  it('creates, lists and revokes through the server; a revoked key is refused at once', async () => {
    const port = await freePort();
    server = spawn(process.execPath, [fasBin, 'serve'], { cwd: root, env: { ...process.env, ...env, PORT: String(port) } });
    let out = '';
    server.stdout?.on('data', (d) => {
      out += d;
    });
    const base = `http://127.0.0.1:${port}`;
    await until(
      () => `fas serve to be ready:\n${out}`,
      () =>
        fetch(`${base}/readyz`).then(
          (r) => r.ok,
          () => false,
        ),
      180_000,
    );
    const sock = path.join(dir, 'fas.sock');
    expect(statSync(sock).mode & 0o777).toBe(0o600);
    const creds = JSON.parse(readFileSync(path.join(dir, 'credentials.json'), 'utf8'));

    const created = spawnFas(['apikey', 'create', '--name', 'leaky', '--json'], env);
    expect(created.code, created.stderr).toBe(0);
    const key = JSON.parse(created.stdout);
    // Each step spawns the CLI, so seconds may pass between requests, past the server's keep-alive timeout:
    // a reused connection may be closing as the request leaves, so one retry on a network error.
    const once = (k: string) => fetch(`${base}/api/v2/accounts`, { headers: { authorization: `APIKey ${k}` } });
    const retried = (k: string) => once(k).catch(() => once(k));
    // The server sheds a request while its event loop lags (503 OVERLOADED with Retry-After, as
    // documented), which the CLI processes on the same CPU can cause; a client retries it when told,
    // at most twice here.
    // Still 503 after that, the last answer's detail (which saturation) is the failure's message.
    let shed = '';
    const get = async (k: string) => {
      for (let attempt = 0; ; attempt++) {
        const r = await retried(k);
        if (r.status === 503) shed = await r.text();
        if (r.status !== 503 || attempt === 2) return r.status;
        await new Promise((resolve) => setTimeout(resolve, Number(r.headers.get('retry-after') ?? 1) * 1000));
      }
    };
    expect(await get(key.key), shed).toBe(200);

    const listed = await fas(['apikey', 'list', '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).data.map((k: { apiKeyId: string }) => k.apiKeyId)).toContain(key.apiKeyId);
    expect(listed.stdout).not.toContain(key.key);

    const revoked = await fas(['apikey', 'revoke', '--id', key.apiKeyId, '--json']);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(await get(key.key), shed).toBe(401);
    const after = JSON.parse((await fas(['apikey', 'list', '--json'])).stdout).data.find(
      (k: { apiKeyId: string }) => k.apiKeyId === key.apiKeyId,
    );
    expect(after.revokedAt).toMatch(/Z$/);
    expect(await get(creds.apiKey.key), shed).toBe(200);

    const ws = await fas(['workspace', 'create', '--name', 'Second', '--json']);
    expect(ws.code, ws.stderr).toBe(0);
    const second = JSON.parse(ws.stdout);
    expect(await get(second.apiKey.key), shed).toBe(200);
    const list = await fas(['workspace', 'list', '--json']);
    expect(JSON.parse(list.stdout).data.map((w: { name: string }) => w.name)).toEqual(['Sandbox', 'Second']);

    // Errors come back from the server as they would locally (an invalid value is a usage error: 2).
    const bad = await fas(['admin', 'create', '--email', 'not-an-email', '--workspace', second.workspaceId, '--json']);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stderr).error.code).toBe('VALIDATION_FAILED');
    const seeded = await fas(['seed', '--transactions', '500', '--workspace', second.workspaceId, '--json']);
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(JSON.parse(seeded.stdout).transactions).toBe(500);
    expect(seeded.stderr).toMatch(/100% 500\/500/);
    expect(out).not.toContain(key.key);

    // Once the server stops, the socket is gone and the CLI opens the database itself.
    const exited = new Promise((resolve) => server?.on('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    expect(() => statSync(sock)).toThrow();
    const direct = await fas(['workspace', 'list', '--json']);
    expect(direct.code, direct.stderr).toBe(0);
    expect(JSON.parse(direct.stdout).data).toHaveLength(2);
  }, 300_000);
});
