import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { activeAccount, createBank, createCrypto, createTrade } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';
import { reapplyMigration } from '../support/reapply-migration.js';

// The migration rebuilds two indexes of transactions (the status index without `completed`, the
// account index with each row's status, type and coins) and adds the rule the search relies on to
// read only an account's bank rows for their names: a row with names is a bank row of one coin.
const MIGRATION = '20261231600000_partial_status_covering_account_index';
// One command (PGlite prepares the undo as one statement).
const UNDO = `DO $$ BEGIN
  ALTER TABLE transactions DROP CONSTRAINT transactions_named_rows_are_bank;
  DROP INDEX transactions_account_rows_idx;
  CREATE INDEX transactions_workspace_id_account_id_created_at_id_idx ON transactions (workspace_id, account_id, created_at, id);
  DROP INDEX transactions_workspace_id_status_created_at_id_idx;
  CREATE INDEX transactions_workspace_id_status_created_at_id_idx ON transactions (workspace_id, status, created_at, id);
END $$`;
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  const account = await activeAccount(ws.ctx, 'desk@example.com');
  // Rows of every kind as the API writes them: a crypto or trade row has no names (its addenda
  // NULL: it has a search key all the same), a bank row perhaps.
  await createBank(ws.ctx, account, { beneficiaryName: 'Soylent Foods', addenda: ['PAYMENT SOYLENT 1'] });
  await createBank(ws.ctx, account, {});
  await createCrypto(ws.ctx, account);
  await createTrade(ws.ctx, account);
}, 120_000);
afterAll(async () => h?.close());

const definitions = async () =>
  (
    await h.deps.sql<{ def: string }>(Prisma.sql`
      SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index
      WHERE indrelid = 'transactions'::regclass AND indexrelid::regclass::text IN
        ('transactions_workspace_id_status_created_at_id_idx', 'transactions_account_rows_idx')
      UNION ALL SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conname = 'transactions_named_rows_are_bank'
      ORDER BY 1`)
  ).map((r) => r.def.replace(/\s+/g, ' '));

/** Gives a stored row of `type` a name (and `coins`): refused unless it is a bank row of one coin. */
const name = (type: string, coins = 'coins') =>
  h.deps.db.$executeRawUnsafe(
    `UPDATE transactions SET originator_name = 'Soylent Foods', coins = ${coins}
     WHERE workspace_id = $1::uuid AND id = (SELECT id FROM transactions WHERE workspace_id = $1::uuid AND transaction_type = '${type}' LIMIT 1)`,
    ws.workspaceId,
  );

describe(`migration ${MIGRATION}`, () => {
  it('applies over rows of every kind, and makes the indexes and the rule it says', async () => {
    const made = await definitions();
    expect(made).toHaveLength(3);
    expect(made.join('\n')).toContain('(workspace_id, account_id, created_at, id, status, transaction_type, coins)');
    expect(made.join('\n')).toMatch(/\(workspace_id, status, created_at, id\) WHERE \(status <> 'completed'/);
    expect(made.join('\n')).toContain('CHECK');
    expect(await reapplyMigration(h, MIGRATION, UNDO)).toEqual([MIGRATION]);
    // The indexes as before; the rule as this migration wrote it (a later one,
    // 20261231900000_account_named_rows_index, makes it say the one coin is `coin`).
    const indexes = (defs: string[]) => defs.filter((d) => d.startsWith('CREATE'));
    const again = await definitions();
    expect(indexes(again)).toEqual(indexes(made));
    expect(again.join('\n')).toContain('cardinality(coins) = 1');
  });

  it('refuses names on a crypto or trade row, and a bank row of two coins', async () => {
    await expect(name('crypto')).rejects.toThrow(/transactions_named_rows_are_bank/);
    await expect(name('trade')).rejects.toThrow(/transactions_named_rows_are_bank/);
    await expect(name('bank', `ARRAY['USD', 'EUR']`)).rejects.toThrow(/transactions_named_rows_are_bank/);
    expect(await name('bank')).toBe(1);
  });
});
