import type { FieldCipher } from '../crypto/field-cipher.js';

/** The columns of a verification sealed under the master key (AES-256-GCM), each bound to its row and column. */
export type SealedColumn = 'idNumber' | 'dateOfBirth' | 'phone' | 'address1' | 'address2';

/** The sealed columns' associated data: a ciphertext only opens in its own row and column. */
export function sealContext(accountId: string, column: SealedColumn): string {
  return `banking_verification:${accountId}:${column}`;
}

/** Identifiers shorter than 8 characters would be mostly revealed by their last 4: show none. */
export function lastFour(value: string): string | null {
  return value.length >= 8 ? value.slice(-4) : null;
}

/** `+***...` with the last 4 digits of a number of 8 or more digits: what reads show, stored beside the sealed phone. */
export function maskPhone(phone: string): string {
  const digits = phone.slice(1);
  const shown = lastFour(digits) ?? '';
  return `+${'*'.repeat(digits.length - shown.length)}${shown}`;
}

/** The phone and street lines as stored: sealed, and the phone's mask in clear. */
export function sealContact(cipher: FieldCipher, accountId: string, c: { phone: string; address1: string; address2: string | null }) {
  return {
    phoneEnc: cipher.encrypt(c.phone, sealContext(accountId, 'phone')),
    phoneMasked: maskPhone(c.phone),
    address1Enc: cipher.encrypt(c.address1, sealContext(accountId, 'address1')),
    address2Enc: c.address2 === null ? null : cipher.encrypt(c.address2, sealContext(accountId, 'address2')),
  };
}

/** The street lines of a stored verification, opened. */
export function openStreet(cipher: FieldCipher, accountId: string, row: { address1Enc: string; address2Enc: string | null }) {
  return {
    address1: cipher.decrypt(row.address1Enc, sealContext(accountId, 'address1')),
    address2: row.address2Enc === null ? null : cipher.decrypt(row.address2Enc, sealContext(accountId, 'address2')),
  };
}
