import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CipherError, createFieldCipher } from '../../src/core/crypto/field-cipher.js';

const cipher = createFieldCipher(randomBytes(32));

describe('field cipher (AES-256-GCM at rest)', () => {
  it('round-trips text and bytes; each sealing differs (fresh IV)', () => {
    const a = cipher.encrypt('123-45-6789', 'account:1:idNumber');
    expect(a).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(a).not.toBe(cipher.encrypt('123-45-6789', 'account:1:idNumber'));
    // Neither the text nor its last four digits are in what is stored (the key id is hex of the
    // random master key's hash: it may hold '6789' by chance, so the sealed bytes are looked at).
    expect(a).not.toContain('123-45-6789');
    for (const part of a.split('.').slice(2)) expect(Buffer.from(part, 'base64url').includes('6789')).toBe(false);
    expect(cipher.decrypt(a, 'account:1:idNumber')).toBe('123-45-6789');
    const bytes = randomBytes(1000);
    expect(cipher.openBytes(cipher.sealBytes(bytes, 'doc:1'), 'doc:1').equals(bytes)).toBe(true);
  });

  it('a value moved to another place, tampered with, or under another master key does not open', () => {
    const sealed = cipher.encrypt('1990-04-17', 'account:1:dateOfBirth');
    expect(() => cipher.decrypt(sealed, 'account:2:dateOfBirth')).toThrow();
    // One bit of the sealed bytes flipped (not a character of the text: the last base64url
    // character carries padding bits that decode to the same bytes, so editing it may change nothing).
    const parts = sealed.split('.');
    const bytes = Buffer.from(parts[3] ?? '', 'base64url');
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
    const tampered = [...parts.slice(0, 3), bytes.toString('base64url')].join('.');
    expect(tampered).not.toBe(sealed);
    expect(() => cipher.decrypt(tampered, 'account:1:dateOfBirth')).toThrow();
    expect(() => createFieldCipher(randomBytes(32)).decrypt(sealed, 'account:1:dateOfBirth')).toThrow();
    expect(() => createFieldCipher(randomBytes(16))).toThrow(CipherError);
  });

  it('MACs are stable per purpose and differ across purposes', () => {
    expect(cipher.mac('lookup', 'x')).toBe(cipher.mac('lookup', 'x'));
    expect(cipher.mac('lookup', 'x')).not.toBe(cipher.mac('other', 'x'));
  });
});
