import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTransactions } from '../../src/core/transactions/list-transactions.js';
import { rebuildSearchWordCounts } from '../../src/core/transactions/search-word-counts.js';
import { simulateTransactionStatus } from '../../src/core/transactions/simulate-transaction-status.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { activeAccount, createBank, createCrypto, createTrade, EUR_SWIFT } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';
import { reapplyMigration } from '../support/reapply-migration.js';

// Three migrations of issue 37's storage trade: the type index leaves out bank rows (a list of bank
// rows walks the time index), which makes room for the word counts per account *and coin* (a
// one-word search with a coin counts the rows of the accounts whose email matches from them).
const TYPE_INDEX = '20261231996000_type_index_without_bank';
// And what the rest of the budget bought: the search key index holds each row's status and coin
// after its key, so a sparse search reads a key's rows of one status and coin as one range of it
// (src/core/transactions/search-probes.ts).
const KEY_INDEX = '20261231998000_search_key_index_status_coin';
const UNDO_KEY_INDEX = `DO $$ BEGIN
  DROP INDEX transactions_search_key_idx;
  CREATE INDEX transactions_search_key_idx ON transactions (workspace_id, search_key, created_at, id) WHERE search_key IS NOT NULL;
END $$`;
const PER_COIN = '20261231997000_search_word_counts_per_coin';
// As before each (one command: PGlite prepares the undo as one statement).
const UNDO_TYPE_INDEX = `DO $$ BEGIN
  DROP INDEX transactions_workspace_id_transaction_type_created_at_id_idx;
  CREATE INDEX transactions_workspace_id_transaction_type_created_at_id_idx ON transactions (workspace_id, transaction_type, created_at, id);
END $$`;
const UNDO_PER_COIN = `DO $$ BEGIN
  ALTER TABLE search_word_counts DROP CONSTRAINT search_word_counts_pkey;
  DELETE FROM search_word_counts;
  ALTER TABLE search_word_counts DROP COLUMN coin;
  INSERT INTO search_word_counts (workspace_id, word, account_id, transaction_type, status, n)
  SELECT t.workspace_id, w.word, t.account_id, t.transaction_type, t.status, count(*)
  FROM transactions t CROSS JOIN LATERAL (
    SELECT DISTINCT x AS word
    FROM regexp_split_to_table(lower(array_to_string(ARRAY[t.originator_name, t.beneficiary_name] || t.addenda, E'\\n')), '[^[:alnum:]]+') AS x
    WHERE x <> ''
  ) w
  WHERE t.search_key IS NOT NULL GROUP BY 1, 2, 3, 4, 5;
  ALTER TABLE search_word_counts ADD PRIMARY KEY (workspace_id, word, account_id, transaction_type, status);
END $$`;
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  const account = await activeAccount(ws.ctx, 'desk@example.com');
  const a = await createBank(ws.ctx, account, { beneficiaryName: 'Soylent Foods' });
  await createBank(ws.ctx, account, { beneficiaryName: 'Soylent Foods', addenda: ['PAYMENT SOYLENT 1'] });
  const b = await createBank(ws.ctx, account, { beneficiaryName: 'Soylent Foods', ...EUR_SWIFT });
  await createCrypto(ws.ctx, account);
  await createTrade(ws.ctx, account);
  await simulateTransactionStatus(ws.ctx, { transactionId: a.id, body: { status: 'processing' } });
  await simulateTransactionStatus(ws.ctx, { transactionId: b.id, body: { status: 'canceled' } });
}, 120_000);
afterAll(async () => h?.close());

const counts = async () =>
  (
    await h.deps.sql<{ line: string }>(Prisma.sql`
      SELECT concat_ws(' ', word, coin, transaction_type, status, n) AS line
      FROM search_word_counts WHERE workspace_id = ${ws.workspaceId}::uuid AND n <> 0 ORDER BY word, coin, status`)
  ).map((r) => r.line);
const definition = async (sql: Prisma.Sql) => ((await h.deps.sql<{ def: string }>(sql))[0]?.def ?? '').replace(/\s+/g, ' ');

describe(`migration ${PER_COIN}`, () => {
  it('counts each word per account and coin, with its status, as the writes keep them', async () => {
    const kept = await counts();
    // word, coin, type, status, n: the beneficiary's words in USD (two rows: one processing, one
    // pending) and in EUR (one canceled); the addenda's words in USD.
    expect(kept).toEqual([
      '1 USD bank pending 1',
      'foods EUR bank canceled 1',
      'foods USD bank pending 1',
      'foods USD bank processing 1',
      'payment USD bank pending 1',
      'soylent EUR bank canceled 1',
      'soylent USD bank pending 1',
      'soylent USD bank processing 1',
    ]);
    expect(await reapplyMigration(h, PER_COIN, UNDO_PER_COIN)).toEqual([PER_COIN]);
    expect(await counts()).toEqual(kept);
    const key = await definition(
      Prisma.sql`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'search_word_counts_pkey'`,
    );
    expect(key).toBe('PRIMARY KEY (workspace_id, word, account_id, coin, transaction_type, status)');
    // And as a rebuild makes them.
    await h.deps.db.$transaction((tx) => rebuildSearchWordCounts(tx, ws.workspaceId));
    expect(await counts()).toEqual(kept);
  });
});

describe(`migration ${TYPE_INDEX}`, () => {
  const typeIndex = () =>
    definition(Prisma.sql`SELECT pg_get_indexdef('transactions_workspace_id_transaction_type_created_at_id_idx'::regclass) AS def`);

  it('leaves the bank rows out of the type index, and a list of each type still finds its rows', async () => {
    expect(await typeIndex()).toMatch(/\(workspace_id, transaction_type, created_at, id\) WHERE \(transaction_type <> 'bank'/);
    expect(await reapplyMigration(h, TYPE_INDEX, UNDO_TYPE_INDEX)).toEqual([TYPE_INDEX]);
    expect(await typeIndex()).toMatch(/WHERE \(transaction_type <> 'bank'/);
    // Each type's list, a row a page (a bank list walks the time index), as the rows say.
    for (const [type, n] of [
      ['bank', 3],
      ['crypto', 1],
      ['trade', 1],
    ] as const) {
      const want = (
        await h.deps.sql<{ id: string }>(Prisma.sql`
          SELECT id::text FROM transactions WHERE workspace_id = ${ws.workspaceId}::uuid AND transaction_type = ${type}::transaction_type
          ORDER BY created_at DESC, id DESC`)
      ).map((r) => r.id);
      expect(want).toHaveLength(n);
      for (let page = 1; page <= n + 1; page++) {
        const got = await listTransactions(ws.ctx, { transactionType: type, limit: 1, page });
        expect({ total: got.total, ids: got.data.map((r) => r.id) }, `${type} page ${page}`).toEqual({
          total: n,
          ids: want.slice(page - 1, page),
        });
      }
    }
  });
});

describe(`migration ${KEY_INDEX}`, () => {
  const keyIndex = () => definition(Prisma.sql`SELECT pg_get_indexdef('transactions_search_key_idx'::regclass) AS def`);

  it('orders the key index by key, status and coin, then time; a search of each status and coin finds its rows', async () => {
    const wanted = /\(workspace_id, search_key, status, coin, created_at, id\) WHERE \(search_key IS NOT NULL\)/;
    expect(await keyIndex()).toMatch(wanted);
    expect(await reapplyMigration(h, KEY_INDEX, UNDO_KEY_INDEX)).toEqual([KEY_INDEX]);
    expect(await keyIndex()).toMatch(wanted);
    for (const [coin, status, n] of [
      ['USD', 'pending', 1],
      ['USD', 'processing', 1],
      ['EUR', 'canceled', 1],
      ['EUR', 'pending', 0],
    ] as const) {
      const want = (
        await h.deps.sql<{ id: string }>(Prisma.sql`
          SELECT id::text FROM transactions WHERE workspace_id = ${ws.workspaceId}::uuid AND coin = ${coin}
            AND status = ${status}::transaction_status AND beneficiary_name = 'Soylent Foods' ORDER BY created_at DESC, id DESC`)
      ).map((r) => r.id);
      expect(want).toHaveLength(n);
      const got = await listTransactions(ws.ctx, { search: 'soylent', coin, status });
      expect({ total: got.total, ids: got.data.map((r) => r.id) }, `${coin} ${status}`).toEqual({ total: n, ids: want });
    }
  });
});
