import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFieldCipher } from '../../src/core/crypto/field-cipher.js';
import { sealClearContactSteps } from '../../src/core/kyc/seal-clear-contact.js';
import { pgliteMigrationDriver } from '../../src/db/database.js';
import { applyMigrations } from '../../src/db/migrate.js';
import { migrationsUpTo, removeMigrationCopies } from '../support/migrations-up-to.js';
import { initdbPglite } from '../support/pglite-image.js';

// The migration that keyed the tenant tables by workspace_id, run over rows written before it:
// the two tables that had no workspace_id get their parents', and the composite foreign keys then
// refuse a child pointing at another workspace's parent.
const MIGRATION = '20261204120000_workspace_distribution_keys';
const WS = '00000000-0000-4000-8000-0000000000aa';
const OTHER_WS = '00000000-0000-4000-8000-0000000000ab';
const ACCOUNT = '00000000-0000-4000-8000-0000000000bb';
const DOC = '00000000-0000-4000-8000-0000000000cc';
const TARGET = '00000000-0000-4000-8000-0000000000dd';
const EVENT = '00000000-0000-4000-8000-0000000000ee';
const DELIVERY = '00000000-0000-4000-8000-0000000000ff';

let db: PGlite;
beforeAll(async () => {
  db = await initdbPglite({ extensions: { pg_trgm } });
  await applyMigrations(pgliteMigrationDriver(db), migrationsUpTo(MIGRATION));
  await db.exec(`
    INSERT INTO workspaces (id, name) VALUES ('${WS}', 'w'), ('${OTHER_WS}', 'o');
    INSERT INTO accounts (id, workspace_id, type, email) VALUES ('${ACCOUNT}', '${WS}', 'individual', 'h@example.com');
    INSERT INTO banking_verifications (account_id, workspace_id, date_of_birth_enc, phone, id_number_enc, id_document_type,
      address1, city, state, postal_code, country, link_token_hash, link_expires_at, saved_at)
      VALUES ('${ACCOUNT}', '${WS}', 'x', '+1', 'x', 'passport', 'a', 'c', 's', 'p', 'US', 'hash', now(), now());
    INSERT INTO kyc_documents (id, workspace_id, account_id, kind, file_name, media_type, size_bytes, sha256, created_at)
      VALUES ('${DOC}', '${WS}', '${ACCOUNT}', 'selfie', 'f.png', 'image/png', 3, '', now());
    INSERT INTO kyc_document_chunks (document_id, seq, data) VALUES ('${DOC}', 0, '\\x01'), ('${DOC}', 1, '\\x02');
    INSERT INTO webhook_targets (id, workspace_id, url, created_at, updated_at) VALUES ('${TARGET}', '${WS}', 'https://r.example', now(), now());
    INSERT INTO events (id, workspace_id, type, occurred_at, details) VALUES ('${EVENT}', '${WS}', 'account_created', now(), '{}');
    INSERT INTO webhook_deliveries (id, event_id, target_id, workspace_id, event_type, next_attempt_at, created_at)
      VALUES ('${DELIVERY}', '${EVENT}', '${TARGET}', '${WS}', 'account_created', now(), now());
    INSERT INTO webhook_attempts (id, delivery_id, retry_count, started_at, duration_ms)
      VALUES (gen_random_uuid(), '${DELIVERY}', 0, now(), 5), (gen_random_uuid(), '${DELIVERY}', 1, now(), 7);`);
  // The later migrations seal the clear phone and street of the row above (as the server does).
  await applyMigrations(pgliteMigrationDriver(db), migrationsUpTo(null), sealClearContactSteps(createFieldCipher(randomBytes(32))));
});
afterAll(async () => {
  await db?.close();
  removeMigrationCopies();
});

describe(`migration ${MIGRATION}`, () => {
  it("fills workspace_id of existing chunks and attempts from their parents'", async () => {
    const chunks = await db.query<{ workspace_id: string }>('SELECT workspace_id FROM kyc_document_chunks ORDER BY seq');
    expect(chunks.rows).toEqual([{ workspace_id: WS }, { workspace_id: WS }]);
    const attempts = await db.query<{ workspace_id: string }>('SELECT workspace_id FROM webhook_attempts');
    expect(attempts.rows).toEqual([{ workspace_id: WS }, { workspace_id: WS }]);
  });

  it("refuses a row of one workspace pointing at another workspace's parent", async () => {
    await expect(
      db.query(
        `INSERT INTO crypto_wallets (id, workspace_id, account_id, coin, network, address, created_at)
         VALUES (gen_random_uuid(), '${OTHER_WS}', '${ACCOUNT}', 'BTC', 'bitcoin', 'a', now())`,
      ),
    ).rejects.toThrow(/foreign key/);
    await expect(
      db.query(`INSERT INTO webhook_attempts (id, workspace_id, delivery_id, retry_count, started_at, duration_ms)
         VALUES (gen_random_uuid(), '${OTHER_WS}', '${DELIVERY}', 2, now(), 1)`),
    ).rejects.toThrow(/foreign key/);
  });

  it('cascades a deleted account to its verification, documents and chunks through the composite keys', async () => {
    await db.query(`DELETE FROM accounts WHERE workspace_id = '${WS}' AND id = '${ACCOUNT}'`);
    const left = await db.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM banking_verifications) + (SELECT count(*) FROM kyc_documents) + (SELECT count(*) FROM kyc_document_chunks) AS n',
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
