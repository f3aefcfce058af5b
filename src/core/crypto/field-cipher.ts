import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for values encrypted at rest (PII, signing keys). Each value gets a fresh 96-bit
 * IV; the associated data binds a ciphertext to its place (e.g. `account:<id>:idNumber`), so a
 * value copied into another row or column does not decrypt.
 * Format: `v1.<key id>.<iv>.<ciphertext+tag>` (base64url), the key id naming the master key.
 */
export interface FieldCipher {
  encrypt(plaintext: string, associatedData: string): string;
  decrypt(sealed: string, associatedData: string): string;
  /** Binary values (document contents): `<key id 4 bytes><iv 12><ciphertext><tag 16>`. */
  sealBytes(plaintext: Uint8Array, associatedData: string): Buffer;
  openBytes(sealed: Uint8Array, associatedData: string): Buffer;
  /** HMAC-SHA256 (base64url) under a key derived from the master key for `purpose` alone. */
  mac(purpose: string, data: string): string;
}

export class CipherError extends Error {}

export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

export function createFieldCipher(masterKey: Buffer): FieldCipher {
  if (masterKey.length !== 32) throw new CipherError('the master key must be 32 bytes');
  const kid = keyIdOf(masterKey);
  const kidBytes = Buffer.from(kid, 'hex');
  const macKeys = new Map<string, Buffer>();
  const macKey = (purpose: string) => {
    let k = macKeys.get(purpose);
    if (!k) {
      k = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), `fas:${purpose}`, 32));
      macKeys.set(purpose, k);
    }
    return k;
  };
  return {
    sealBytes(plaintext, associatedData) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
      cipher.setAAD(Buffer.from(associatedData, 'utf8'));
      return Buffer.concat([kidBytes, iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
    },
    openBytes(sealed, associatedData) {
      const buf = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
      if (buf.length < 32) throw new CipherError('not a sealed value');
      if (!buf.subarray(0, 4).equals(kidBytes))
        throw new CipherError(`sealed with another master key (${buf.subarray(0, 4).toString('hex')})`);
      const decipher = createDecipheriv('aes-256-gcm', masterKey, buf.subarray(4, 16));
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      decipher.setAuthTag(buf.subarray(buf.length - 16));
      try {
        return Buffer.concat([decipher.update(buf.subarray(16, buf.length - 16)), decipher.final()]);
      } catch {
        throw new CipherError('sealed value failed authentication');
      }
    },
    mac(purpose, data) {
      return createHmac('sha256', macKey(purpose)).update(data, 'utf8').digest('base64url');
    },
    encrypt(plaintext, associatedData) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
      cipher.setAAD(Buffer.from(associatedData, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `v1.${kid}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    decrypt(sealed, associatedData) {
      const [version, keyId, ivText, bodyText] = sealed.split('.');
      if (version !== 'v1' || !ivText || !bodyText) throw new CipherError('not a sealed value');
      if (keyId !== kid) throw new CipherError(`sealed with another master key (${keyId})`);
      const body = Buffer.from(bodyText, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', masterKey, Buffer.from(ivText, 'base64url'));
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      decipher.setAuthTag(body.subarray(body.length - 16));
      try {
        return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
      } catch {
        throw new CipherError('sealed value failed authentication');
      }
    },
  };
}
