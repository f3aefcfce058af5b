import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildSearchGroups } from '../../src/core/transactions/search-groups.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { activeAccount, createBank, createCrypto, createTrade } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';
import { reapplyMigration } from '../support/reapply-migration.js';

// Two migrations of the one-word search's rows in both names and emails (search-words.ts):
// the index of an account's rows with names by time, holding their key, status and coin, with the
// rule that such a row's one coin is its `coin`; and how many search groups hold each word,
// counted from the groups already there.
const INDEX = '20261231900000_account_named_rows_index';
const WORD_GROUPS = '20261231950000_search_word_groups';
// One command each (PGlite prepares the undo as one statement).
const UNDO_INDEX = `DO $$ BEGIN
  DROP INDEX transactions_account_named_idx;
  CREATE INDEX transactions_account_search_key_idx ON transactions (workspace_id, account_id, search_key)
    INCLUDE (status, transaction_type) WHERE search_key IS NOT NULL;
  ALTER TABLE transactions DROP CONSTRAINT transactions_named_rows_are_bank;
  ALTER TABLE transactions ADD CONSTRAINT transactions_named_rows_are_bank
    CHECK ((originator_name IS NULL AND beneficiary_name IS NULL AND coalesce(cardinality(addenda), 0) = 0)
      OR (transaction_type = 'bank' AND cardinality(coins) = 1));
END $$`;
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  const account = await activeAccount(ws.ctx, 'desk@example.com');
  await createBank(ws.ctx, account, { beneficiaryName: 'Soylent Foods', addenda: ['PAYMENT SOYLENT 1'] });
  await createBank(ws.ctx, account, { beneficiaryName: 'Soylent Foods', addenda: ['PAYMENT SOYLENT 1'] });
  await createBank(ws.ctx, account, { beneficiaryName: 'Soylent Foods', addenda: ['PAYMENT 2'] });
  await createBank(ws.ctx, account, { beneficiaryName: 'Jane Doe' });
  await createCrypto(ws.ctx, account);
  await createTrade(ws.ctx, account);
}, 120_000);
afterAll(async () => h?.close());

const definitions = async () =>
  (
    await h.deps.sql<{ def: string }>(Prisma.sql`
      SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index
      WHERE indrelid = 'transactions'::regclass AND indexrelid::regclass::text LIKE 'transactions_account_%'
      UNION ALL SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conname = 'transactions_named_rows_are_bank'
      ORDER BY 1`)
  ).map((r) => r.def.replace(/\s+/g, ' '));

const wordGroups = async () =>
  (
    await h.deps.sql<{ line: string }>(Prisma.sql`
      SELECT concat_ws(' ', word, n) AS line FROM search_word_groups WHERE workspace_id = ${ws.workspaceId}::uuid ORDER BY word`)
  ).map((r) => r.line);

describe(`migrations ${INDEX} and ${WORD_GROUPS}`, () => {
  it('the index of an account rows with names by time, with key, status and coin; the rule of their coin', async () => {
    expect(await reapplyMigration(h, INDEX, UNDO_INDEX)).toEqual([INDEX]);
    const made = (await definitions()).join('\n');
    expect(made).toContain(
      'transactions_account_named_idx ON public.transactions USING btree (workspace_id, account_id, created_at) INCLUDE (search_key, status, coin) WHERE (search_key IS NOT NULL)',
    );
    expect(made).not.toContain('transactions_account_search_key_idx');
    expect(made).toContain('coins = ARRAY[coin]');
    // A bank row with names whose one coin is not its `coin` is refused; one that is, is not.
    const recoin = (coins: string) =>
      h.deps.db.$executeRawUnsafe(
        `UPDATE transactions SET coins = ${coins}
         WHERE workspace_id = $1::uuid AND id = (SELECT id FROM transactions WHERE workspace_id = $1::uuid AND originator_name IS NOT NULL OR
           workspace_id = $1::uuid AND beneficiary_name IS NOT NULL LIMIT 1)`,
        ws.workspaceId,
      );
    await expect(recoin(`ARRAY['EUR']`)).rejects.toThrow(/transactions_named_rows_are_bank/);
    await expect(recoin('ARRAY[coin]')).resolves.toBe(1);
  });

  it('counts each word of the groups already there once per group, when two or more hold it', async () => {
    const kept = await wordGroups();
    // The three groups: "Soylent Foods / PAYMENT SOYLENT 1" (two rows), "Soylent Foods / PAYMENT 2",
    // "Jane Doe": only the words two of them hold are kept.
    expect(kept).toEqual(['foods 2', 'payment 2', 'soylent 2']);
    expect(await reapplyMigration(h, WORD_GROUPS, 'DROP TABLE search_word_groups')).toEqual([WORD_GROUPS]);
    expect(await wordGroups()).toEqual(kept);
  });
});

describe('the groups per word kept by the inserts', () => {
  it('a word counted from its second group on, once per group, as a rebuild counts it', async () => {
    const account = await activeAccount(ws.ctx, 'words@example.com');
    const quux = async () => (await wordGroups()).filter((l) => l.startsWith('quux '));
    await createBank(ws.ctx, account, { beneficiaryName: 'Quux Alpha' });
    expect(await quux()).toEqual([]);
    await createBank(ws.ctx, account, { beneficiaryName: 'Quux Beta' });
    expect(await quux()).toEqual(['quux 2']);
    await createBank(ws.ctx, account, { beneficiaryName: 'Quux Alpha' });
    expect(await quux()).toEqual(['quux 2']);
    await createBank(ws.ctx, account, { beneficiaryName: 'Quux Gamma', addenda: ['QUUX QUUX'] });
    expect(await quux()).toEqual(['quux 3']);
    const kept = await wordGroups();
    await h.deps.db.$transaction((tx) => rebuildSearchGroups(tx, ws.workspaceId));
    expect(await wordGroups()).toEqual(kept);
  });
});
