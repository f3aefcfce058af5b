import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { dataDirCli } from '../support/cli.js';
import { freshDatabase } from '../support/harness.js';

/**
 * On PostgreSQL a backup is PostgreSQL's own: the commands of docs/operations.md ("Backup and
 * restore", PostgreSQL) dump a database with data in it and restore the dump into a new database,
 * which fas then reads as it read the first (nothing to migrate, the ledger and the audit log
 * verified, the same rows and records).
 */
const onPostgres = inject('databaseUrl').startsWith('postgres');
const work = mkdtempSync(path.join(tmpdir(), 'fas-pgdump-'));
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)('pg_dump, then pg_restore into a new database', () => {
  it('restores a database fas reads as it read the original', async () => {
    const original = await freshDatabase();
    drops.push(original.drop);
    const on = (url: string) => dataDirCli(work, { DATABASE_URL: url, LOG_LEVEL: 'silent' });
    const ws = await on(original.url)(['workspace', 'create', '--name', 'Dumped', '--json']);
    expect(ws.code, ws.stderr).toBe(0);
    const workspaceId = JSON.parse(ws.stdout).workspaceId as string;
    const seeded = await on(original.url)(['seed', '--transactions', '300', '--workspace', workspaceId, '--json']);
    expect(seeded.code, seeded.stderr).toBe(0);

    const dump = path.join(work, 'fas.dump');
    execFileSync('pg_dump', ['--format=custom', '--no-owner', `--dbname=${original.url}`, `--file=${dump}`]);
    const copy = await freshDatabase({ empty: true });
    drops.push(copy.drop);
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${copy.url}`, dump]);

    const migrated = await on(copy.url)(['migrate', '--json']);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(JSON.parse(migrated.stdout).applied).toEqual([]);
    const verified = await on(copy.url)(['ledger', 'verify', '--workspace', workspaceId, '--json']);
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    const before = JSON.parse((await on(original.url)(['ledger', 'verify', '--workspace', workspaceId, '--json'])).stdout);
    const after = JSON.parse(verified.stdout);
    expect({ entries: after.entries, balances: after.balances }).toEqual({ entries: before.entries, balances: before.balances });
    expect(after.entries).toBeGreaterThan(0);
    const audited = await on(copy.url)(['audit', 'verify', '--workspace', workspaceId, '--json']);
    expect(audited.code, audited.stdout + audited.stderr).toBe(0);
    const originalAudit = JSON.parse((await on(original.url)(['audit', 'verify', '--workspace', workspaceId, '--json'])).stdout);
    expect(JSON.parse(audited.stdout)).toMatchObject({ ok: true, breaks: [], records: originalAudit.records });
    expect(originalAudit.records).toBeGreaterThanOrEqual(4);
    const keys = await on(copy.url)(['apikey', 'list', '--workspace', workspaceId, '--json']);
    expect(JSON.parse(keys.stdout).data).toHaveLength(1);
  }, 300_000);
});
