import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type FileHandle, open, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { BackupFileError } from './backup-errors.js';
import type { SealedKey } from './master-key-seal.js';
import { tarDirectory, untar } from './tar.js';

/**
 * A FAS backup file (docs/operations.md, "Backup and restore", gives the layout):
 *
 *   "FASBACKUP\n" | header length (uint32 BE) | header (JSON, UTF-8)
 *   | payload: gzip of a ustar archive of `pgdata/` | payload length (uint64 BE) | SHA-256 of all before it
 *
 * The checksum covers every byte before it: a truncated or damaged file is refused before anything
 * is written. It detects damage, not a forger: keep backups where only operators can write.
 */
export const MAGIC = Buffer.from('FASBACKUP\n');
export const FORMAT_VERSION = 1;
const TRAILER = 8 + 32;

export interface BackupHeader {
  format: 'fas-backup';
  version: number;
  createdAt: string;
  fas: string;
  database: { engine: 'pglite'; postgres: string; migrations: string[] };
  payload: { archive: 'ustar'; compression: 'gzip'; files: number; bytes: number };
  /** `sealed`: the master key sealed with a passphrase; absent: kept apart, the restore needs it. */
  masterKey: { fingerprint: string; sealed?: SealedKey };
  snapshot: { checkpointMs: number; pauseMs: number };
}

/** Writes the backup of the data directory copy `pgdata` (its parent holds it) to `fh`; answers its SHA-256 and size. */
export async function writeBackup(fh: FileHandle, header: BackupHeader, copyRoot: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  const write = async (buf: Buffer) => {
    hash.update(buf);
    bytes += buf.length;
    await fh.write(buf);
  };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  await write(Buffer.concat([MAGIC, length, json]));
  const payloadStart = bytes;
  // Level 1: most of the gain of gzip on data pages (mostly free space) at a fraction of its time.
  await pipeline(tarDirectory(`${copyRoot}/pgdata`, 'pgdata'), createGzip({ level: 1 }), async (gz: AsyncIterable<Buffer>) => {
    for await (const chunk of gz) await write(chunk);
  });
  const payloadLength = Buffer.alloc(8);
  payloadLength.writeBigUInt64BE(BigInt(bytes - payloadStart));
  await write(payloadLength);
  const digest = hash.digest();
  await fh.write(digest);
  return { sha256: digest.toString('hex'), bytes: bytes + digest.length };
}

export interface VerifiedBackup {
  header: BackupHeader;
  payload: { start: number; end: number };
  sha256: string;
}

async function readAt(file: string, position: number, length: number): Promise<Buffer> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fh.read(buf, 0, length, position);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * Reads a backup's header and checks the whole file against its checksum: BackupFileError (what is
 * wrong, in words) for a file that is not a backup, of a newer format, truncated or damaged.
 */
export async function verifyBackup(file: string): Promise<VerifiedBackup> {
  const size = (await stat(file)).size;
  const head = await readAt(file, 0, MAGIC.length + 4);
  if (head.length < MAGIC.length || !head.subarray(0, MAGIC.length).equals(MAGIC))
    throw new BackupFileError(`${file} is not a FAS backup (it does not start with the FASBACKUP mark)`);
  if (head.length < MAGIC.length + 4) throw new BackupFileError(`${file} is truncated (${size} bytes)`);
  const headerLength = head.readUInt32BE(MAGIC.length);
  const start = MAGIC.length + 4 + headerLength;
  if (start + TRAILER > size) throw new BackupFileError(`${file} is truncated (${size} bytes, its header alone needs more)`);
  let header: BackupHeader;
  try {
    header = JSON.parse((await readAt(file, MAGIC.length + 4, headerLength)).toString('utf8')) as BackupHeader;
  } catch {
    throw new BackupFileError(`${file} is damaged (its header is not readable)`);
  }
  if (header.format !== 'fas-backup' || !Number.isInteger(header.version))
    throw new BackupFileError(`${file} is damaged (its header is not a FAS backup's)`);
  if (header.version > FORMAT_VERSION)
    throw new BackupFileError(
      `${file} is format version ${header.version}, newer than this fas reads (${FORMAT_VERSION}): restore with a newer fas`,
    );
  const trailer = await readAt(file, size - TRAILER, TRAILER);
  const end = size - TRAILER;
  if (Number(trailer.readBigUInt64BE(0)) !== end - start)
    throw new BackupFileError(`${file} is truncated or damaged (its length does not match the length it records)`);
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file, { start: 0, end: size - 33 })) hash.update(chunk as Buffer);
  const digest = hash.digest();
  if (!digest.equals(trailer.subarray(8))) throw new BackupFileError(`${file} is damaged: its SHA-256 checksum does not match its content`);
  return { header, payload: { start, end }, sha256: digest.toString('hex') };
}

/** Writes a verified backup's `pgdata/` under `dest`. */
export async function extractBackup(file: string, backup: VerifiedBackup, dest: string): Promise<{ files: number; bytes: number }> {
  const gunzip = createGunzip();
  const source = createReadStream(file, { start: backup.payload.start, end: backup.payload.end - 1 });
  source.pipe(gunzip);
  source.on('error', (err) => gunzip.destroy(err));
  try {
    return await untar(gunzip, dest);
  } catch (err) {
    if (err instanceof BackupFileError) throw err;
    if ((err as NodeJS.ErrnoException).code?.startsWith('Z_'))
      throw new BackupFileError(`${file} is damaged (its archive does not decompress)`);
    throw err;
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}
