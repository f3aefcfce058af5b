import type { MigrationSteps } from '../../db/migrate.js';
import type { FieldCipher } from '../crypto/field-cipher.js';
import { sealContact } from './contact-seal.js';

/** The migration that drops the clear phone and street columns; its step seals them first. */
export const DROP_CLEAR_CONTACT = '20261207100001_drop_clear_contact';

const BATCH = 500;

/**
 * The migration step of DROP_CLEAR_CONTACT: verifications saved before the phone and street lines
 * were sealed get their sealed columns from the clear ones, in batches, under the master key (SQL
 * cannot seal: the key lives in the application). The migration then drops the clear columns (and
 * refuses to while a row is unsealed).
 */
export function sealClearContactSteps(cipher: FieldCipher): MigrationSteps {
  return {
    [DROP_CLEAR_CONTACT]: async (query) => {
      for (;;) {
        const rows = await query<{ workspace_id: string; account_id: string; phone: string; address1: string; address2: string | null }>(
          `SELECT workspace_id::text, account_id::text, phone, address1, address2 FROM banking_verifications
           WHERE phone_enc IS NULL OR phone_masked IS NULL OR address1_enc IS NULL LIMIT ${BATCH}`,
        );
        if (rows.length === 0) return;
        const sealed = rows.map((r) => sealContact(cipher, r.account_id, r));
        await query(
          `UPDATE banking_verifications b SET phone_enc = s.phone_enc, phone_masked = s.phone_masked,
             address1_enc = s.address1_enc, address2_enc = s.address2_enc
           FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[])
             AS s(workspace_id, account_id, phone_enc, phone_masked, address1_enc, address2_enc)
           WHERE b.workspace_id = s.workspace_id AND b.account_id = s.account_id`,
          [
            rows.map((r) => r.workspace_id),
            rows.map((r) => r.account_id),
            sealed.map((s) => s.phoneEnc),
            sealed.map((s) => s.phoneMasked),
            sealed.map((s) => s.address1Enc),
            sealed.map((s) => s.address2Enc),
          ],
        );
      }
    },
  };
}
