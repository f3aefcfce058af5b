import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config.js';

/** A master key written as base64 (FAS_MASTER_KEY, a key file): 32 bytes, or ConfigError naming `where`. */
export function decodeMasterKey(text: string, where: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new ConfigError(`${where} must hold 32 bytes in base64 (got ${key.length})`);
  return key;
}

/**
 * The master key that encrypts PII and signing keys: FAS_MASTER_KEY, else `master.key` in the
 * data directory, generated on first use with mode 0600.
 */
export function loadMasterKey(fromEnv: string | undefined, dataDir: string): Buffer {
  if (fromEnv) return decodeMasterKey(fromEnv, 'FAS_MASTER_KEY');
  const file = path.join(dataDir, 'master.key');
  if (existsSync(file)) return decodeMasterKey(readFileSync(file, 'utf8'), file);
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  // wx: two processes racing to create it cannot both win; the loser reads the winner's key.
  try {
    writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return decodeMasterKey(readFileSync(file, 'utf8'), file);
    throw err;
  }
}

/** The master key as `fas serve` loads it, without generating one: undefined when the data directory has none. */
export function findMasterKey(fromEnv: string | undefined, dataDir: string): Buffer | undefined {
  if (fromEnv) return decodeMasterKey(fromEnv, 'FAS_MASTER_KEY');
  const file = path.join(dataDir, 'master.key');
  return existsSync(file) ? decodeMasterKey(readFileSync(file, 'utf8'), file) : undefined;
}
