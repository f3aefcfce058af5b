import type { Deps } from '../context.js';

/** The tables an erasure (or a retention removal) deletes from or rewrites rows of. */
const ERASED_TABLES = [
  'accounts',
  'banking_verifications',
  'business_verifications',
  'business_people',
  'kyc_documents',
  'kyc_document_chunks',
  'bank_account_links',
  'events',
] as const;

/**
 * PostgreSQL keeps a deleted or updated row's old version in the table file until a VACUUM prunes
 * it: without one, erased values stay readable in the files. Plain VACUUM (not FULL) takes no lock
 * that blocks reads or writes; it cannot run inside a transaction, so this runs after the commit.
 * What it cannot reach: WAL segments not yet recycled, and backups (docs/operations.md "Erasure").
 */
export async function vacuumErased(deps: Pick<Deps, 'db'>, tables: readonly (typeof ERASED_TABLES)[number][] = ERASED_TABLES) {
  for (const table of tables) await deps.db.$executeRawUnsafe(`VACUUM ${table}`);
}
