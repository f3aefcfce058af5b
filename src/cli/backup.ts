import { existsSync } from 'node:fs';
import { mkdtemp, open, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Config } from '../config.js';
import { AppError } from '../core/errors.js';
import { BackupKeyError, BackupTargetError } from '../operator/backup/backup-errors.js';
import { type BackupHeader, FORMAT_VERSION, writeBackup } from '../operator/backup/backup-file.js';
import { keyFingerprint, passphraseFrom, sealKey } from '../operator/backup/master-key-seal.js';
import type { Snapshot } from '../operator/backup/snapshot-command.js';
import type { CommandResult, Options } from '../operator/operator-commands.js';
import { openDatabase, precopyDataDir } from '../server/deps.js';
import { findMasterKey } from '../server/master-key.js';
import { runInServer, ServerNotListening } from './operator-channel.js';

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

/** The copy, from the `fas serve` holding the directory (its socket), or taken here when none runs. */
async function takeSnapshot(config: Config, to: string, fingerprint: string | undefined): Promise<Snapshot> {
  const pgdata = path.join(config.dataDir, 'pgdata');
  if (!existsSync(pgdata)) throw new AppError('NOT_FOUND', `${config.dataDir} holds no embedded database (no pgdata directory) to back up`);
  // Most of the copy is made here, while the server serves; the held section rewrites what changed since.
  await precopyDataDir(pgdata, to);
  try {
    return (await runInServer(config.dataDir, 'backup snapshot', { to }, () => {})).json as Snapshot;
  } catch (err) {
    if (!(err instanceof ServerNotListening)) throw err;
  }
  if (!fingerprint) throw new BackupKeyError(`no master key to record: ${config.dataDir} has no master.key and FAS_MASTER_KEY is unset`);
  // The lock is taken as `fas serve` takes it; migrations are left for `fas serve` to apply.
  const database = await openDatabase({ databaseUrl: undefined, dataDir: config.dataDir, migrate: false });
  try {
    if (!database.snapshot) throw new Error('the embedded database offers no snapshot');
    return { ...(await database.snapshot(to)), keyFingerprint: fingerprint };
  } finally {
    await database.close();
  }
}

/**
 * `fas backup <file> [--passphrase-file P]`: a consistent copy of the embedded database while
 * `fas serve` runs (docs/operations.md, "Backup and restore"). The copy is staged beside the file,
 * then archived, compressed and checksummed into `<file>.partial`, renamed to `<file>` when complete.
 */
export async function backup(config: Config, options: Options): Promise<CommandResult> {
  if (config.databaseUrl)
    throw new AppError(
      'VALIDATION_FAILED',
      '`fas backup` copies the embedded database; on PostgreSQL use pg_dump or pg_basebackup (docs/operations.md, "Backup and restore")',
    );
  const began = performance.now();
  const file = path.resolve(String(options.file));
  if (existsSync(file)) throw new BackupTargetError(`${file} exists: choose a new name (a backup never overwrites a file)`);
  const key = findMasterKey(config.masterKey, config.dataDir);
  const passphrase =
    typeof options.passphraseFile === 'string'
      ? passphraseFrom(await readFile(options.passphraseFile, 'utf8'), options.passphraseFile)
      : undefined;
  if (passphrase && !key)
    throw new BackupKeyError(`--passphrase-file: no master key to seal (${config.dataDir} has no master.key and FAS_MASTER_KEY is unset)`);
  const staging = await mkdtemp(path.join(path.dirname(file), '.fas-backup-'));
  const partial = `${file}.partial`;
  try {
    const snap = await takeSnapshot(config, staging, key && keyFingerprint(key));
    if (key && keyFingerprint(key) !== snap.keyFingerprint && passphrase)
      throw new BackupKeyError('the master key found here is not the one the server uses: set FAS_MASTER_KEY as the server has it');
    const header: BackupHeader = {
      format: 'fas-backup',
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      fas: version,
      database: { engine: 'pglite', postgres: snap.postgres, migrations: snap.migrations },
      payload: { archive: 'ustar', compression: 'gzip', files: snap.files, bytes: snap.bytes },
      masterKey: { fingerprint: snap.keyFingerprint, ...(passphrase && key ? { sealed: sealKey(key, passphrase) } : {}) },
      snapshot: { checkpointMs: Math.round(snap.checkpointMs), pauseMs: Math.round(snap.pauseMs) },
    };
    const fh = await open(partial, 'wx', 0o600);
    let written: { sha256: string; bytes: number };
    try {
      written = await writeBackup(fh, header, staging);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(partial, file);
    const seconds = (performance.now() - began) / 1000;
    const keyNote = header.masterKey.sealed
      ? 'the master key is sealed inside with the passphrase'
      : `the master key is NOT inside (fingerprint ${snap.keyFingerprint}): keep a copy of it apart, a restore needs it`;
    return {
      json: { file, ...written, seconds, masterKeySealed: Boolean(header.masterKey.sealed), ...header },
      text: [
        `backup written: ${file} (${written.bytes} bytes, sha256 ${written.sha256})`,
        `${snap.files} files, ${snap.bytes} bytes of data directory; writers waited ${header.snapshot.pauseMs} ms to rewrite ${snap.heldBytes} changed bytes (checkpoint before: ${header.snapshot.checkpointMs} ms); ${seconds.toFixed(1)} s in all`,
        keyNote,
      ].join('\n'),
    };
  } finally {
    await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}
