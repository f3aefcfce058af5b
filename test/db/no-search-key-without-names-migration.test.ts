import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { activeAccount, createBank, createCrypto, createTrade } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';
import { reapplyMigration } from '../support/reapply-migration.js';

// A row without names has no search key: crypto and trade rows (written with an empty addenda
// now) are in no search group, no key count and none of the search key indexes. The migration
// mends the rows written before, whose NULL addenda gave them key 0 and one group they all shared.
const MIGRATION = '20261231700000_no_search_key_without_names';
// As before it (one command: PGlite prepares the undo as one statement): the old function, the
// crypto and trade rows' addenda NULL, and what the old writes kept for them under key 0. The key
// counts it mended are gone since (`20261231990000_search_group_statuses`: the groups count by
// status): the undo makes their table again for it, dropped after. The groups have a coin since
// (`20261231995000_search_group_coins`): key 0's is given none.
const UNDO = `DO $$ BEGIN
  CREATE OR REPLACE FUNCTION search_group_key(originator text, beneficiary text, addenda text[]) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT CASE WHEN originator IS NULL AND beneficiary IS NULL AND cardinality(addenda) = 0 THEN NULL
    ELSE hash_record_extended(ROW(originator, beneficiary, addenda), 0) END';
  UPDATE transactions SET addenda = NULL WHERE transaction_type <> 'bank';
  INSERT INTO search_groups (workspace_id, key, text, coin, n)
    SELECT workspace_id, search_key, '', '', count(*) FROM transactions WHERE search_key = 0 GROUP BY 1, 2;
  CREATE TABLE IF NOT EXISTS search_key_counts (workspace_id uuid NOT NULL, key bigint NOT NULL,
    transaction_type transaction_type NOT NULL, status transaction_status NOT NULL, n bigint NOT NULL,
    PRIMARY KEY (workspace_id, key, transaction_type, status));
  INSERT INTO search_key_counts (workspace_id, key, transaction_type, status, n)
    SELECT workspace_id, search_key, transaction_type, status, count(*) FROM transactions WHERE search_key = 0 GROUP BY 1, 2, 3, 4;
END $$`;
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  const account = await activeAccount(ws.ctx, 'desk@example.com');
  await createBank(ws.ctx, account, { beneficiaryName: 'Soylent Foods', addenda: ['PAYMENT SOYLENT 1'] });
  await createBank(ws.ctx, account, { beneficiaryName: 'Jane Doe' });
  await createCrypto(ws.ctx, account);
  await createCrypto(ws.ctx, account);
  await createTrade(ws.ctx, account);
}, 120_000);
afterAll(async () => {
  await h?.deps.db.$executeRawUnsafe('DROP TABLE IF EXISTS search_key_counts');
  await h?.close();
});

const state = async () => {
  const lines = (q: Prisma.Sql) => h.deps.sql<{ line: string }>(q).then((rows) => rows.map((r) => r.line));
  const ws_ = Prisma.sql`workspace_id = ${ws.workspaceId}::uuid`;
  return {
    keys: await lines(
      Prisma.sql`SELECT concat_ws(' ', transaction_type, search_key IS NOT NULL, addenda IS NULL) AS line FROM transactions WHERE ${ws_} ORDER BY 1`,
    ),
    groups: await lines(Prisma.sql`SELECT concat_ws(' ', key, text, n) AS line FROM search_groups WHERE ${ws_} ORDER BY 1`),
    keyCounts: (await lines(Prisma.sql`SELECT coalesce(to_regclass('search_key_counts')::text, '') AS line`))[0]
      ? await lines(
          Prisma.sql`SELECT concat_ws(' ', key, transaction_type, status, n) AS line FROM search_key_counts WHERE ${ws_} ORDER BY 1`,
        )
      : [],
  };
};

describe(`migration ${MIGRATION}`, () => {
  it('gives crypto and trade rows no search key, group or key count, as the writes now leave them', async () => {
    const now = await state();
    expect(now.keys).toEqual(['bank t f', 'bank t f', 'crypto f f', 'crypto f f', 'trade f f']);
    expect(now.groups).toHaveLength(2);
    expect(now.groups.join('\n')).not.toMatch(/^0 /m);
    expect(now.keyCounts).toEqual([]);

    expect(await reapplyMigration(h, MIGRATION, UNDO)).toEqual([MIGRATION]);
    expect(await state()).toEqual(now);
  });

  it('before it, those rows had key 0 and a group of their own (what the undo above rebuilds is what it mends)', async () => {
    await h.deps.db.$executeRawUnsafe(UNDO);
    const before = await state();
    expect(before.keys.filter((k) => !k.startsWith('bank'))).toEqual(['crypto t t', 'crypto t t', 'trade t t']);
    expect(before.groups).toContain('0  3');
    expect(await reapplyMigration(h, MIGRATION, 'SELECT 1')).toEqual([MIGRATION]);
    expect((await state()).groups).not.toContain('0  3');
  });
});
