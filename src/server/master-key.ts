import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config.js';

function decode(text: string, where: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new ConfigError(`${where} must hold 32 bytes in base64 (got ${key.length})`);
  return key;
}

/**
 * The master key that encrypts PII and signing keys: FAS_MASTER_KEY, else `master.key` in the
 * data directory, generated on first use with mode 0600.
 */
export function loadMasterKey(fromEnv: string | undefined, dataDir: string): Buffer {
  if (fromEnv) return decode(fromEnv, 'FAS_MASTER_KEY');
  const file = path.join(dataDir, 'master.key');
  if (existsSync(file)) return decode(readFileSync(file, 'utf8'), file);
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  // wx: two processes racing to create it cannot both win; the loser reads the winner's key.
  try {
    writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return decode(readFileSync(file, 'utf8'), file);
    throw err;
  }
}
