import { createCipheriv, createDecipheriv, createHmac, randomBytes, scryptSync } from 'node:crypto';
import { BackupKeyError } from './backup-errors.js';

/** The master key sealed with a passphrase inside a backup (docs/operations.md, "Backup and restore"). */
export interface SealedKey {
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string };
  cipher: 'aes-256-gcm';
  iv: string;
  tag: string;
  sealed: string;
}

/** scrypt at N = 2^17, r = 8: 128 MiB and a fraction of a second per try, for one key per backup. */
const KDF = { name: 'scrypt', N: 2 ** 17, r: 8, p: 1 } as const;
const AAD = Buffer.from('fas-backup master key v1');
/** The shortest passphrase accepted: a sealed key is as strong as it. */
export const MIN_PASSPHRASE = 12;

/**
 * Names a master key without revealing it (HMAC of a fixed label under the key): a backup records
 * its key's fingerprint, so a restore tells a wrong key at once instead of failing on the first read.
 */
export const keyFingerprint = (key: Buffer): string =>
  createHmac('sha256', key).update('fas master key fingerprint').digest('hex').slice(0, 32);

function derive(passphrase: string, kdf: SealedKey['kdf']): Buffer {
  return scryptSync(passphrase, Buffer.from(kdf.salt, 'base64'), 32, { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: 256 * 1024 * 1024 });
}

export function sealKey(key: Buffer, passphrase: string): SealedKey {
  const kdf = { ...KDF, salt: randomBytes(16).toString('base64') };
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive(passphrase, kdf), iv).setAAD(AAD);
  const sealed = Buffer.concat([cipher.update(key), cipher.final()]);
  return {
    kdf,
    cipher: 'aes-256-gcm',
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    sealed: sealed.toString('base64'),
  };
}

/** The master key, or BackupKeyError when the passphrase is wrong (or the sealed key was altered). */
export function unsealKey(s: SealedKey, passphrase: string): Buffer {
  if (s.kdf?.name !== 'scrypt' || s.cipher !== 'aes-256-gcm' || !(s.kdf.N > 1 && s.kdf.N <= 2 ** 20 && s.kdf.r <= 32 && s.kdf.p <= 16))
    throw new BackupKeyError('the sealed master key uses parameters this version does not know');
  try {
    const decipher = createDecipheriv('aes-256-gcm', derive(passphrase, s.kdf), Buffer.from(s.iv, 'base64')).setAAD(AAD);
    decipher.setAuthTag(Buffer.from(s.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(s.sealed, 'base64')), decipher.final()]);
  } catch {
    throw new BackupKeyError('wrong passphrase: the sealed master key does not open with it');
  }
}

/** A passphrase file's content: its first line, without the line break. */
export function passphraseFrom(text: string, where: string): string {
  const passphrase = text.replace(/\r?\n$/, '');
  if (passphrase.length < MIN_PASSPHRASE)
    throw new BackupKeyError(`the passphrase in ${where} is shorter than ${MIN_PASSPHRASE} characters`);
  return passphrase;
}
