import type { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_KEYS, searchCondition } from '../../src/core/transactions/search-conditions.js';
import { pgliteMigrationDriver } from '../../src/db/database.js';
import { applyMigrations } from '../../src/db/migrate.js';
import { migrationsUpTo, removeMigrationCopies } from '../support/migrations-up-to.js';
import { initdbPglite } from '../support/pglite-image.js';

// The migration that moved the status history to `previous_statuses` and search to expression
// indexes, run over rows written in the layout before it.
const MIGRATION = '20261126100000_compact_history_and_search';
const WS = '00000000-0000-4000-8000-0000000000aa';
const ACCOUNT = '00000000-0000-4000-8000-0000000000bb';

async function beforeMigration(): Promise<PGlite> {
  const db = await initdbPglite({ extensions: { pg_trgm } });
  await applyMigrations(pgliteMigrationDriver(db), migrationsUpTo(MIGRATION));
  await db.exec(`
    INSERT INTO workspaces (id, name) VALUES ('${WS}', 'w');
    INSERT INTO accounts (id, workspace_id, type, email, status) VALUES ('${ACCOUNT}', '${WS}', 'individual', 'Holder@Example.com', 'active');`);
  return db;
}

type Entry = { status: string; statusReason: string; date: string };
async function insertOld(db: PGlite, id: string, status: string, reason: string, updatedAt: string, history: Entry[]): Promise<void> {
  await db.query(
    `INSERT INTO transactions (id, workspace_id, account_id, transaction_type, reference, coins, status, status_reason, status_history,
       created_at, updated_at, audit_api_key, search_text, detail_type, coin, amount, fee, total, tx_hash)
     VALUES ($1, '${WS}', '${ACCOUNT}', 'crypto', 'INV-7', '{BTC}', $2, $3, $4, '2026-01-01T00:00:00Z', $5, true, 'x',
       'withdraw', 'BTC', 1, 0, 1, '0xABCDEF')`,
    [id, status, reason, JSON.stringify(history), updatedAt],
  );
}

afterAll(() => {
  removeMigrationCopies();
});

describe(`migration ${MIGRATION}`, () => {
  let db: PGlite;
  beforeAll(async () => {
    db = await beforeMigration();
    await insertOld(db, '00000000-0000-4000-8000-000000000001', 'pending', 'created', '2026-01-01T00:00:00Z', [
      { status: 'pending', statusReason: 'created', date: '2026-01-01T00:00:00.000Z' },
    ]);
    await insertOld(db, '00000000-0000-4000-8000-000000000002', 'completed', '', '2026-01-01T00:00:02.000Z', [
      { status: 'completed', statusReason: '', date: '2026-01-01T00:00:02.000Z' },
      { status: 'processing', statusReason: 'sent', date: '2026-01-01T00:00:01.000Z' },
      { status: 'pending', statusReason: 'created', date: '2026-01-01T00:00:00.000Z' },
    ]);
    await applyMigrations(pgliteMigrationDriver(db), migrationsUpTo(null));
  });
  afterAll(() => db?.close());

  it('keeps every status before the current one, newest first, as [status, statusReason, date]', async () => {
    const rows = (await db.query<{ id: string; previous_statuses: unknown }>('SELECT id, previous_statuses FROM transactions ORDER BY id'))
      .rows;
    expect(rows.map((r) => r.previous_statuses)).toEqual([
      [],
      [
        ['processing', 'sent', '2026-01-01T00:00:01.000Z'],
        ['pending', 'created', '2026-01-01T00:00:00.000Z'],
      ],
    ]);
    const columns = (
      await db.query<{ c: string }>("SELECT column_name AS c FROM information_schema.columns WHERE table_name = 'transactions'")
    ).rows;
    expect(columns.map((r) => r.c)).not.toContain('status_history');
    expect(columns.map((r) => r.c)).not.toContain('search_text');
  });

  it('creates the prefix indexes; the trigram search it made is replaced by word_prefix_search, which finds the rows written before it', async () => {
    const indexes = (
      await db.query<{ n: string }>("SELECT indexname AS n FROM pg_indexes WHERE tablename IN ('transactions', 'accounts')")
    ).rows.map((r) => r.n);
    expect(indexes).toEqual(
      expect.arrayContaining([
        'transactions_search_keys_idx',
        'transactions_tx_hash_prefix_idx',
        'transactions_target_address_prefix_idx',
        'accounts_email_keys_idx',
      ]),
    );
    expect(indexes).not.toContain('transactions_search_idx');
    const fn = await db.query("SELECT 1 FROM pg_proc WHERE proname = 'transaction_search_text'");
    expect(fn.rows).toEqual([]);
    // Through the index built over the rows already there (the migration's backfill).
    await db.exec('SET enable_seqscan = off');
    const found = async (q: string) =>
      (
        await db.query<{ id: string }>(
          `SELECT id FROM transactions t WHERE ${searchCondition(WS, q).text} ORDER BY id`,
          searchCondition(WS, q).values,
        )
      ).rows.map((r) => r.id.slice(-1));
    expect(await found('inv 7')).toEqual(['1', '2']);
    expect(await found('nv-7')).toEqual([]);
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT id FROM transactions t WHERE ${SEARCH_KEYS.text} @@ search_key_query('inv')`,
    );
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('transactions_search_keys_idx');
  });
});

describe(`migration ${MIGRATION} over a row whose newest entry is not its current status`, () => {
  it('fails, is rolled back whole, and leaves the history where it was', async () => {
    const db = await beforeMigration();
    const history = [
      { status: 'processing', statusReason: 'sent', date: '2026-01-01T00:00:01.000Z' },
      { status: 'pending', statusReason: 'created', date: '2026-01-01T00:00:00.000Z' },
    ];
    await insertOld(db, '00000000-0000-4000-8000-000000000003', 'completed', 'settled', '2026-01-01T00:00:02.000Z', history);
    await expect(applyMigrations(pgliteMigrationDriver(db), migrationsUpTo(null))).rejects.toThrow(/newest status_history entry differs/);
    const row = (await db.query<{ status_history: unknown }>('SELECT status_history FROM transactions')).rows[0];
    expect(row!.status_history).toEqual(history);
    await db.close();
  });
});
