import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFieldCipher } from '../../src/core/crypto/field-cipher.js';
import { openStreet, sealContext } from '../../src/core/kyc/contact-seal.js';
import { DROP_CLEAR_CONTACT, sealClearContactSteps } from '../../src/core/kyc/seal-clear-contact.js';
import { pgliteMigrationDriver } from '../../src/db/database.js';
import { applyMigrations } from '../../src/db/migrate.js';
import { migrationsUpTo, removeMigrationCopies } from '../support/migrations-up-to.js';
import { initdbPglite } from '../support/pglite-image.js';

// The migrations that sealed the holder's phone and street lines, over rows saved in clear before
// them: the server's step seals each row under the master key, then the clear columns go; without
// the step (no key) the migration refuses rather than lose the data.
const FIRST = '20261207100000_seal_contact';
const WS = '00000000-0000-4000-8000-0000000000aa';
const ACCOUNTS = ['00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-0000000000b2'];
const cipher = createFieldCipher(randomBytes(32));

async function oldLayout(): Promise<PGlite> {
  const db = await initdbPglite({ extensions: { pg_trgm } });
  await applyMigrations(pgliteMigrationDriver(db), migrationsUpTo(FIRST));
  await db.exec(`INSERT INTO workspaces (id, name) VALUES ('${WS}', 'w');`);
  for (const [i, id] of ACCOUNTS.entries()) {
    await db.exec(`
      INSERT INTO accounts (id, workspace_id, type, email) VALUES ('${id}', '${WS}', 'individual', 'h${i}@example.com');
      INSERT INTO banking_verifications (account_id, workspace_id, date_of_birth_enc, phone, id_number_enc, id_document_type,
        address1, address2, city, state, postal_code, country, link_token_hash, link_expires_at, saved_at)
        VALUES ('${id}', '${WS}', 'x', '+1415555012${i}', 'x', 'passport', '${i} Secret Street', ${i ? "'Flat 9'" : 'NULL'},
          'San Francisco', 'CA', '94105', 'US', 'hash${i}', now(), now());`);
  }
  return db;
}

const dbs: PGlite[] = [];
afterAll(async () => {
  await Promise.all(dbs.map((d) => d.close()));
  removeMigrationCopies();
});

describe('migrations sealing the phone and street', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await oldLayout();
    dbs.push(db);
    await applyMigrations(pgliteMigrationDriver(db), migrationsUpTo(null), sealClearContactSteps(cipher));
  });

  it('leave no clear phone or street in the rows, and drop the clear columns', async () => {
    const text = (await db.query<{ row: string }>('SELECT b::text AS row FROM banking_verifications b')).rows.map((r) => r.row).join('\n');
    for (const clear of ['+14155550120', '+14155550121', '4155550120', 'Secret Street', 'Flat 9']) expect(text).not.toContain(clear);
    const columns = await db.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'banking_verifications' AND column_name IN ('phone', 'address1', 'address2')",
    );
    expect(columns.rows).toEqual([]);
  });

  it('sealed each value in its own row and column, the mask in clear', async () => {
    const rows = await db.query<{
      account_id: string;
      phone_enc: string;
      phone_masked: string;
      address1_enc: string;
      address2_enc: string | null;
    }>('SELECT account_id, phone_enc, phone_masked, address1_enc, address2_enc FROM banking_verifications ORDER BY account_id');
    expect(rows.rows.map((r) => cipher.decrypt(r.phone_enc, sealContext(r.account_id, 'phone')))).toEqual(['+14155550120', '+14155550121']);
    expect(rows.rows.map((r) => r.phone_masked)).toEqual(['+*******0120', '+*******0121']);
    expect(rows.rows.map((r) => openStreet(cipher, r.account_id, { address1Enc: r.address1_enc, address2Enc: r.address2_enc }))).toEqual([
      { address1: '0 Secret Street', address2: null },
      { address1: '1 Secret Street', address2: 'Flat 9' },
    ]);
    // Bound to its row: another account's ciphertext does not open here.
    const [a, b] = rows.rows;
    expect(() => cipher.decrypt(a?.phone_enc ?? '', sealContext(b?.account_id ?? '', 'phone'))).toThrow();
  });
});

describe(`${DROP_CLEAR_CONTACT} without the sealing step`, () => {
  it('refuses while a row is unsealed, and keeps the clear data', async () => {
    const db = await oldLayout();
    dbs.push(db);
    await expect(applyMigrations(pgliteMigrationDriver(db), migrationsUpTo(null))).rejects.toThrow(/not yet sealed/);
    const kept = await db.query<{ phone: string }>('SELECT phone FROM banking_verifications ORDER BY account_id');
    expect(kept.rows).toEqual([{ phone: '+14155550120' }, { phone: '+14155550121' }]);
  });
});
