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

/** Embedded PGlite reports a wasm (emscripten) build in its version string. */
async function isEmbedded(deps: Pick<Deps, 'db'>): Promise<boolean> {
  const rows = await deps.db.$queryRawUnsafe<{ v: string }[]>('SELECT version() AS v');
  return /emscripten|wasm/i.test(rows[0]?.v ?? '');
}

/**
 * PostgreSQL keeps a deleted or updated row's old version in the table file until a VACUUM prunes
 * it: without one, erased values stay readable in the files. A plain VACUUM frees the space but
 * does not overwrite it: the pruned bytes stay in the page until a later row lands on them. Only
 * VACUUM FULL rewrites the table into a new file (and drops the old one). It takes a lock that
 * blocks reads and writes of the table while it runs, so it is used for the embedded database
 * (one process, the erasing request its only user just then); on a shared PostgreSQL server a
 * plain VACUUM (no blocking lock) runs instead. Neither can run inside a transaction: this runs
 * after the commit. What it cannot reach: WAL segments not yet recycled, and backups
 * (docs/operations.md "Erasure").
 */
export async function vacuumErased(deps: Pick<Deps, 'db'>, tables: readonly (typeof ERASED_TABLES)[number][] = ERASED_TABLES) {
  const full = await isEmbedded(deps);
  for (const table of tables) await deps.db.$executeRawUnsafe(`VACUUM ${full ? 'FULL ' : ''}${table}`);
}
