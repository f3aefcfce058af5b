import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startServe } from '../../bench/support/serve-process.js';
import { dataDirCli, fasBin } from '../support/cli.js';
import { templatedDataDir } from '../support/data-dir-template.js';
import { freePort } from '../support/free-port.js';
import { until } from '../support/until.js';

/**
 * Issue 36 item 4, the restore drill of docs/operations.md ("Backup and restore"), as an operator
 * runs it: `fas backup` while `fas serve` serves 4 writing clients, `fas restore` into a new
 * directory, `fas ledger verify` and `fas audit verify` clean, and a `fas serve` on the restored
 * directory that holds every write acknowledged before the backup began, and its audit record.
 */
const onPostgres = inject('databaseUrl').startsWith('postgres');
const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'fas-drill-'));
const dirs = [templatedDataDir('fas-drill-src-'), path.join(work, 'restored')];
const [source, restored] = dirs as [string, string];
const env = { DATABASE_URL: '', LOG_LEVEL: 'warn', FAS_RATE_LIMIT_PER_SECOND: '0' };
const servers: ChildProcess[] = [];

const stop = (c: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (c.exitCode !== null) return resolve();
    c.once('exit', () => resolve());
    c.kill('SIGTERM');
  });
afterAll(async () => {
  await Promise.all(servers.map(stop));
  for (const d of [...dirs, work]) rmSync(d, { recursive: true, force: true });
});

/** `fas <args>` as a process of its own, without blocking this one's event loop (the writers run here). */
function fasProcess(args: string[], dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [fasBin, ...args], { cwd: root, env: { ...process.env, ...env, FAS_DATA_DIR: dataDir } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

interface Write {
  id: string;
  sentAt: number;
  ackedAt: number;
}

describe.skipIf(onPostgres)('backup while 4 clients write, then the restore drill', () => {
  it('holds every write acknowledged before the backup began, and none sent after it ended', async () => {
    const fas = dataDirCli(source, env);
    const ws = await fas(['workspace', 'create', '--name', 'Drill', '--json']);
    expect(ws.code, ws.stderr).toBe(0);
    const { apiKey, admin } = JSON.parse(ws.stdout) as { apiKey: { key: string }; admin: { token: string } };
    const seeded = await fas(['seed', '--transactions', '2000', '--json']);
    expect(seeded.code, seeded.stderr).toBe(0);

    const port = await freePort();
    servers.push(await startServe({ ...env, FAS_DATA_DIR: source }, port, 180_000));
    const base = `http://127.0.0.1:${port}`;
    const writes: Write[][] = [[], [], [], []];
    let writing = true;
    const client = async (n: number) => {
      for (let i = 0; writing; i++) {
        const sentAt = Date.now();
        const res = await fetch(`${base}/api/v2/accounts`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey.key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'individual', email: `writer${n}.${i}@example.com` }),
        }).catch(() => undefined);
        // Shed (503) or cut: not acknowledged, so nothing is owed; the client tries again.
        if (res?.status === 201)
          writes[n]?.push({ id: ((await res.json()) as { accountId: string }).accountId, sentAt, ackedAt: Date.now() });
        else await res?.body?.cancel();
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    await until('each client to have written', () => writes.every((w) => w.length >= 3), 120_000);

    const began = Date.now();
    const taken = await fasProcess(['backup', path.join(work, 'drill.fasbak'), '--json'], source);
    const ended = Date.now();
    // Writes went on while the backup ran (the copy, the archive) and after.
    const countAt = (t: number) => writes.flat().filter((w) => w.ackedAt <= t).length;
    await until('a write acknowledged after the backup', () => countAt(Date.now()) > countAt(ended), 60_000);
    writing = false;
    await Promise.all(clients);
    expect(taken.code, taken.stderr).toBe(0);
    const report = JSON.parse(taken.stdout) as { snapshot: { pauseMs: number }; masterKeySealed: boolean };
    expect(report.masterKeySealed).toBe(false);
    const during = writes.flat().filter((w) => w.ackedAt > began && w.sentAt < ended);
    expect(during.length, 'writes acknowledged while the backup ran').toBeGreaterThan(0);

    const back = await dataDirCli(
      restored,
      env,
    )(['restore', path.join(work, 'drill.fasbak'), '--master-key-file', path.join(source, 'master.key'), '--json']);
    expect(back.code, back.stderr).toBe(0);
    const verified = await dataDirCli(restored, env)(['ledger', 'verify', '--json']);
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    const audited = await dataDirCli(restored, env)(['audit', 'verify', '--json']);
    expect(audited.code, audited.stdout + audited.stderr).toBe(0);
    const chain = JSON.parse(audited.stdout) as { ok: boolean; records: number; breaks: unknown[] };
    expect(chain).toMatchObject({ ok: true, breaks: [] });
    expect(chain.records).toBeGreaterThanOrEqual(12);

    const port2 = await freePort();
    servers.push(await startServe({ ...env, FAS_DATA_DIR: restored }, port2, 180_000));
    const read = async (id: string) =>
      (await fetch(`http://127.0.0.1:${port2}/api/v2/accounts/${id}`, { headers: { authorization: `Bearer ${apiKey.key}` } })).status;
    const before = writes.flat().filter((w) => w.ackedAt < began);
    const after = writes.flat().filter((w) => w.sentAt > ended);
    expect(before.length).toBeGreaterThanOrEqual(12);
    expect(after.length).toBeGreaterThan(0);
    const missing: string[] = [];
    for (const w of before) if ((await read(w.id)) !== 200) missing.push(w.id);
    expect(missing, 'acknowledged before the backup began, missing after the restore').toEqual([]);
    // Each of those writes' audit record came back with it (the audit log's export, as an admin reads it).
    const exported = await fetch(`http://127.0.0.1:${port2}/api/v2/audit-log/export?format=ndjson&action=account.created`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(exported.status).toBe(200);
    const recorded = new Set(
      (await exported.text())
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { object: { id: string } }).object.id),
    );
    expect(
      before.filter((w) => !recorded.has(w.id)).map((w) => w.id),
      'audit records missing after the restore',
    ).toEqual([]);
    const present: string[] = [];
    for (const w of after) if ((await read(w.id)) !== 404) present.push(w.id);
    expect(present, 'sent after the backup ended, yet in it').toEqual([]);
  }, 600_000);
});
