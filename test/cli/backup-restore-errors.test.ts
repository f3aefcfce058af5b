import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dataDirCli } from '../support/cli.js';
import { templatedDataDir } from '../support/data-dir-template.js';

/**
 * `fas backup` and `fas restore` with no server running: a sealed master key, and every bad input
 * refused with its code and exit status before anything is written (docs/operations.md, "Backup and restore").
 */
const onPostgres = inject('databaseUrl').startsWith('postgres');
const work = mkdtempSync(path.join(tmpdir(), 'fas-bak-'));
const source = templatedDataDir('fas-bak-src-');
const env = { DATABASE_URL: '', LOG_LEVEL: 'silent' };
const plain = path.join(work, 'plain.fasbak');
const sealed = path.join(work, 'sealed.fasbak');
const passphrase = path.join(work, 'passphrase');
const wrong = path.join(work, 'wrong-passphrase');
const at = (name: string) => path.join(work, name);
const restore = (file: string, dir: string, ...args: string[]) =>
  dataDirCli(dir, env)(['restore', file, '--data-dir', dir, '--json', ...args]);
const errorOf = (stderr: string) => (JSON.parse(stderr) as { error: { code: string; message: string } }).error;

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(source, { recursive: true, force: true });
});

describe.skipIf(onPostgres)('backup and restore without a server, and what they refuse', () => {
  beforeAll(async () => {
    writeFileSync(passphrase, 'correct horse battery staple\n');
    writeFileSync(wrong, 'incorrect horse battery staple\n');
    const fas = dataDirCli(source, env);
    expect((await fas(['workspace', 'create', '--name', 'Kept', '--json'])).code).toBe(0);
    const a = await fas(['backup', plain, '--json']);
    expect(a.code, a.stderr).toBe(0);
    const b = await fas(['backup', sealed, '--passphrase-file', passphrase, '--json']);
    expect(b.code, b.stderr).toBe(0);
    expect(JSON.parse(b.stdout).masterKeySealed).toBe(true);
  }, 120_000);

  it('restores a sealed backup with its passphrase, writing the master key beside the database', async () => {
    const dir = at('sealed-restored');
    const r = await restore(sealed, dir, '--passphrase-file', passphrase);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(path.join(dir, 'master.key'), 'utf8')).toBe(readFileSync(path.join(source, 'master.key'), 'utf8'));
    const list = await dataDirCli(dir, env)(['workspace', 'list', '--json']);
    expect(JSON.parse(list.stdout).data.map((w: { name: string }) => w.name)).toEqual(['Kept']);
    // The plain backup does not hold the key: the file's bytes do not contain it.
    const key = Buffer.from(readFileSync(path.join(source, 'master.key'), 'utf8').trim(), 'base64');
    expect(readFileSync(plain).includes(key)).toBe(false);
    expect(readFileSync(plain).includes(Buffer.from(key.toString('base64')))).toBe(false);
  }, 120_000);

  const refused = async (file: string, args: string[], code: string, message: RegExp, dir = at(`t-${randomBytes(4).toString('hex')}`)) => {
    const r = await restore(file, dir, ...args);
    expect(r.code, r.stderr).toBe(1);
    expect(errorOf(r.stderr)).toMatchObject({ code, message: expect.stringMatching(message) });
    return dir;
  };

  it('refuses a wrong passphrase, a missing or wrong master key: nothing written', async () => {
    expect(existsSync(await refused(sealed, ['--passphrase-file', wrong], 'BACKUP_KEY', /wrong passphrase/))).toBe(false);
    expect(existsSync(await refused(plain, [], 'BACKUP_KEY', /--master-key-file/))).toBe(false);
    writeFileSync(at('other.key'), randomBytes(32).toString('base64'));
    expect(existsSync(await refused(plain, ['--master-key-file', at('other.key')], 'BACKUP_KEY', /not the one/))).toBe(false);
    expect(existsSync(await refused(plain, ['--passphrase-file', passphrase], 'BACKUP_KEY', /does not hold the master key/))).toBe(false);
  });

  it('refuses a truncated, damaged, foreign or newer file: nothing written', async () => {
    const bytes = readFileSync(plain);
    const key = ['--master-key-file', path.join(source, 'master.key')];
    writeFileSync(at('truncated'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect(existsSync(await refused(at('truncated'), key, 'BACKUP_FILE', /truncated/))).toBe(false);
    const damaged = Buffer.from(bytes);
    damaged[Math.floor(bytes.length / 2)] = (damaged[Math.floor(bytes.length / 2)] ?? 0) ^ 0xff;
    writeFileSync(at('damaged'), damaged);
    expect(existsSync(await refused(at('damaged'), key, 'BACKUP_FILE', /checksum/))).toBe(false);
    writeFileSync(at('foreign'), 'PGDMP not ours');
    expect(existsSync(await refused(at('foreign'), key, 'BACKUP_FILE', /not a FAS backup/))).toBe(false);
    // A newer format, checksummed as a newer fas would have written it.
    const headerLength = bytes.readUInt32BE(10);
    const header = JSON.parse(bytes.subarray(14, 14 + headerLength).toString('utf8'));
    const json = Buffer.from(JSON.stringify({ ...header, version: 2 }));
    const length = Buffer.alloc(4);
    length.writeUInt32BE(json.length);
    const body = Buffer.concat([bytes.subarray(0, 10), length, json, bytes.subarray(14 + headerLength, bytes.length - 32)]);
    writeFileSync(at('newer'), Buffer.concat([body, createHash('sha256').update(body).digest()]));
    expect(existsSync(await refused(at('newer'), key, 'BACKUP_FILE', /version 2, newer/))).toBe(false);
  });

  it('refuses a target directory that is not empty, leaving it as it was; takes an empty one', async () => {
    const dir = at('occupied');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'notes.txt'), 'keep me');
    await refused(plain, ['--master-key-file', path.join(source, 'master.key')], 'BACKUP_TARGET', /not empty/, dir);
    expect(readdirSync(dir)).toEqual(['notes.txt']);
    const empty = at('empty');
    mkdirSync(empty);
    await refused(at('truncated'), ['--master-key-file', path.join(source, 'master.key')], 'BACKUP_FILE', /truncated/, empty);
    expect(readdirSync(empty)).toEqual([]);
    const ok = await restore(plain, empty, '--master-key-file', path.join(source, 'master.key'));
    expect(ok.code, ok.stderr).toBe(0);
    expect(readdirSync(empty).sort()).toEqual(['master.key', 'pgdata']);
  }, 120_000);

  it('backup refuses an existing file, a short passphrase and PostgreSQL', async () => {
    const fas = dataDirCli(source, env);
    const exists = await fas(['backup', plain, '--json']);
    expect([exists.code, errorOf(exists.stderr).code]).toEqual([1, 'BACKUP_TARGET']);
    writeFileSync(at('short'), 'short\n');
    const short = await fas(['backup', at('new.fasbak'), '--passphrase-file', at('short'), '--json']);
    expect([short.code, errorOf(short.stderr).code]).toEqual([1, 'BACKUP_KEY']);
    const pg = await dataDirCli(source, { ...env, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' })([
      'backup',
      at('pg.fasbak'),
      '--json',
    ]);
    expect(pg.code).toBe(2);
    expect(errorOf(pg.stderr).message).toMatch(/pg_dump/);
    expect(readdirSync(work).filter((f) => f.startsWith('.fas-backup-') || f.endsWith('.partial') || f === 'new.fasbak')).toEqual([]);
  });
});
