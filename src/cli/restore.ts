import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { BackupFileError, BackupKeyError, BackupTargetError } from '../operator/backup/backup-errors.js';
import { extractBackup, type VerifiedBackup, verifyBackup } from '../operator/backup/backup-file.js';
import { keyFingerprint, passphraseFrom, unsealKey } from '../operator/backup/master-key-seal.js';
import type { CommandResult, Options } from '../operator/operator-commands.js';
import { openDatabase, privateDataDir, readMigrations } from '../server/deps.js';
import { decodeMasterKey } from '../server/master-key.js';

/** The target: absent, or an empty directory; anything else is refused before a byte is read. */
async function checkTarget(dir: string): Promise<boolean> {
  const s = statSync(dir, { throwIfNoEntry: false });
  if (!s) return false;
  if (!s.isDirectory()) throw new BackupTargetError(`${dir} exists and is not a directory`);
  const entries = await readdir(dir);
  if (entries.length > 0) {
    const shown = entries.slice(0, 3).join(', ') + (entries.length > 3 ? ', ...' : '');
    throw new BackupTargetError(
      `${dir} is not empty (${shown}): a restore writes only into an empty or new directory, so nothing is overwritten`,
    );
  }
  return true;
}

/**
 * The master key the restored database needs, and whether to write it as the directory's
 * `master.key`: unsealed with the passphrase, read from --master-key-file, or FAS_MASTER_KEY as the
 * server will have it (then nothing is written). Refused unless its fingerprint is the backup's.
 */
async function masterKey(backup: VerifiedBackup, config: Config, o: Options): Promise<{ key: Buffer; write: boolean; from: string }> {
  const { sealed, fingerprint } = backup.header.masterKey;
  let found: { key: Buffer; write: boolean; from: string };
  if (typeof o.passphraseFile === 'string') {
    if (!sealed)
      throw new BackupKeyError('this backup does not hold the master key (taken without --passphrase-file): give --master-key-file');
    const passphrase = passphraseFrom(await readFile(o.passphraseFile, 'utf8'), o.passphraseFile);
    found = { key: unsealKey(sealed, passphrase), write: true, from: 'sealed in the backup' };
  } else if (typeof o.masterKeyFile === 'string') {
    found = { key: decodeMasterKey(await readFile(o.masterKeyFile, 'utf8'), o.masterKeyFile), write: true, from: o.masterKeyFile };
  } else if (config.masterKey) {
    found = { key: decodeMasterKey(config.masterKey, 'FAS_MASTER_KEY'), write: false, from: 'FAS_MASTER_KEY' };
  } else {
    throw new BackupKeyError(
      sealed
        ? 'the backup holds the master key sealed with a passphrase: give --passphrase-file (or --master-key-file)'
        : 'the backup does not hold the master key: give --master-key-file (a copy of master.key from the backed-up data directory) or set FAS_MASTER_KEY',
    );
  }
  if (keyFingerprint(found.key) !== fingerprint)
    throw new BackupKeyError(
      `the master key from ${found.from} is not the one this backup's data is encrypted with (fingerprint ${fingerprint})`,
    );
  return found;
}

/**
 * `fas restore <file> [--data-dir D] [--passphrase-file P | --master-key-file K]`: checks the file
 * whole (checksum, format version, master key) before writing anything, extracts it beside the
 * target's future contents, opens it once (PostgreSQL's start, the migrations recorded), and only
 * then moves it into place. A failure leaves the target as it was: absent or empty.
 */
export async function restore(config: Config, options: Options): Promise<CommandResult> {
  const file = path.resolve(String(options.file));
  const target = path.resolve(typeof options.dataDir === 'string' ? options.dataDir : config.dataDir);
  const existed = await checkTarget(target);
  if (!existsSync(file)) throw new BackupFileError(`${file} does not exist`);
  const backup = await verifyBackup(file);
  const key = await masterKey(backup, config, options);
  const known = new Set((await readMigrations()).map((m) => m.name));
  const unknown = backup.header.database.migrations.filter((m) => !known.has(m));
  if (unknown.length)
    throw new BackupFileError(
      `the backup was taken by a newer fas (migration ${unknown[0]} is unknown here): restore with fas ${backup.header.fas} or newer`,
    );
  await mkdir(target, { recursive: true, mode: 0o700 });
  // Staged inside the target (the same file system, a mount point included), moved up when checked.
  const staging = await mkdtemp(path.join(target, '.restore-'));
  try {
    const extracted = await extractBackup(file, backup, staging);
    const database = await openDatabase({ databaseUrl: undefined, dataDir: staging, migrate: false });
    let workspaces: number;
    try {
      workspaces = await database.prisma.workspace.count();
    } finally {
      await database.close();
    }
    if (key.write) await writeFile(path.join(staging, 'master.key'), `${key.key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    for (const name of ['pgdata', ...(key.write ? ['master.key'] : [])]) await rename(path.join(staging, name), path.join(target, name));
    await rm(staging, { recursive: true, force: true });
    privateDataDir(target);
    const h = backup.header;
    return {
      json: {
        dataDir: target,
        file,
        sha256: backup.sha256,
        createdAt: h.createdAt,
        ...extracted,
        workspaces,
        migrations: h.database.migrations.length,
        masterKey: key.from,
      },
      text: [
        `restored ${file} (taken ${h.createdAt} by fas ${h.fas}, sha256 verified) into ${target}`,
        `${extracted.files} files, ${extracted.bytes} bytes; ${workspaces} workspace(s); ${h.database.migrations.length} migrations recorded`,
        `master key: ${key.from}${key.write ? ', written to master.key (0600)' : ' (not written: start fas serve with it set)'}`,
        `next: FAS_DATA_DIR=${target} npx fas serve, then npx fas ledger verify`,
      ].join('\n'),
    };
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    if (!existed) await rmdir(target).catch(() => {});
    else await rm(path.join(target, 'pgdata'), { recursive: true, force: true }).catch(() => {});
    throw err;
  }
}
