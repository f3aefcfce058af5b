import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchingGroups } from '../../src/core/transactions/search-conditions.js';
import { rebuildSearchGroups } from '../../src/core/transactions/search-groups.js';
import { simulateTransactionStatus } from '../../src/core/transactions/simulate-transaction-status.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { activeAccount, createBank, createCrypto, EUR_SWIFT } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';
import { reapplyMigration } from '../support/reapply-migration.js';

// The migration splits each search group by the coin of its rows (a value's rows in two coins
// become two groups, each with its counts), from the rows already there, as the writes now keep
// them; how many groups hold each word still counts values.
const MIGRATION = '20261231995000_search_group_coins';
// As before it: one group per value, its rows of every coin (one command: PGlite prepares the
// undo as one statement).
const UNDO = `DO $$ BEGIN
  ALTER TABLE search_groups DROP CONSTRAINT search_groups_pkey;
  DELETE FROM search_groups;
  ALTER TABLE search_groups DROP COLUMN coin;
  INSERT INTO search_groups (workspace_id, key, text, n, n_pending, n_processing, n_completed, n_failed, n_canceled, n_returned)
  SELECT t.workspace_id, t.search_key, array_to_string(ARRAY[t.originator_name, t.beneficiary_name] || t.addenda, E'\\n'), count(*),
    count(*) FILTER (WHERE t.status = 'pending'), count(*) FILTER (WHERE t.status = 'processing'),
    count(*) FILTER (WHERE t.status = 'completed'), count(*) FILTER (WHERE t.status = 'failed'),
    count(*) FILTER (WHERE t.status = 'canceled'), count(*) FILTER (WHERE t.status = 'returned')
  FROM transactions t WHERE t.search_key IS NOT NULL GROUP BY 1, 2, 3;
  ALTER TABLE search_groups ADD PRIMARY KEY (workspace_id, key, text);
END $$`;
// Then the groups' word keys index holds each group's coin (a search with a coin finds that coin's
// groups in the index alone); as before it, the index of their words only.
const COIN_KEYS = '20261231999000_search_group_coin_keys';
// (The test of the migration before it drops the coin, and so this index, first.)
const UNDO_COIN_KEYS = `DO $$ BEGIN
  DROP INDEX IF EXISTS search_groups_keys_idx;
  DROP FUNCTION search_group_keys(text, text);
  CREATE INDEX search_groups_keys_idx ON search_groups USING GIN (search_keys(ARRAY[text]));
END $$`;
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  const account = await activeAccount(ws.ctx, 'desk@example.com');
  const a = await createBank(ws.ctx, account, { beneficiaryName: 'Soylent Foods' });
  await createBank(ws.ctx, account, { beneficiaryName: 'Soylent Foods' });
  const b = await createBank(ws.ctx, account, { beneficiaryName: 'Soylent Foods', ...EUR_SWIFT });
  await createBank(ws.ctx, account, { beneficiaryName: 'Jane Doe', ...EUR_SWIFT });
  await createCrypto(ws.ctx, account);
  await simulateTransactionStatus(ws.ctx, { transactionId: a.id, body: { status: 'processing' } });
  await simulateTransactionStatus(ws.ctx, { transactionId: b.id, body: { status: 'canceled' } });
}, 120_000);
afterAll(async () => h?.close());

const groups = async () =>
  (
    await h.deps.sql<{ line: string }>(Prisma.sql`
      SELECT concat_ws(' ', text, coin, n, n_pending, n_processing, n_completed, n_failed, n_canceled, n_returned, shared) AS line
      FROM search_groups WHERE workspace_id = ${ws.workspaceId}::uuid ORDER BY text, coin`)
  ).map((r) => r.line);
const wordGroups = async () =>
  (
    await h.deps.sql<{ line: string }>(Prisma.sql`
      SELECT concat_ws(' ', word, n) AS line FROM search_word_groups WHERE workspace_id = ${ws.workspaceId}::uuid ORDER BY word`)
  ).map((r) => r.line);

describe(`migration ${MIGRATION}`, () => {
  it('splits each group by its rows coin, with their counts by status, as the writes keep them', async () => {
    const kept = await groups();
    // text, coin, n, then pending, processing, completed, failed, canceled, returned, shared.
    expect(kept).toEqual(['Jane Doe EUR 1 1 0 0 0 0 0 f', 'Soylent Foods EUR 1 0 0 0 0 1 0 f', 'Soylent Foods USD 2 1 1 0 0 0 0 f']);
    // One value in two coins is one value: no word is held by two groups here.
    expect(await wordGroups()).toEqual([]);
    expect(await reapplyMigration(h, MIGRATION, UNDO)).toEqual([MIGRATION]);
    expect(await groups()).toEqual(kept);
    const [key] = await h.deps.sql<{ def: string }>(Prisma.sql`
      SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'search_groups_pkey'`);
    expect(key?.def).toBe('PRIMARY KEY (workspace_id, key, text, coin)');
    // And as a rebuild makes them.
    await h.deps.db.$transaction((tx) => rebuildSearchGroups(tx, ws.workspaceId));
    expect(await groups()).toEqual(kept);
    expect(await wordGroups()).toEqual([]);
  });
});

describe(`migration ${COIN_KEYS}`, () => {
  // The matching groups' text and coin, as a search finds them, and whether its plan can read the
  // index (a table this small is otherwise read whole).
  const found = (search: string, coin?: string) =>
    h.deps.db.$transaction(async (tx) => {
      for (const scan of ['seqscan', 'indexscan', 'indexonlyscan']) await tx.$executeRawUnsafe(`SET LOCAL enable_${scan} = off`);
      const query = matchingGroups(ws.workspaceId, search, Prisma.sql`g.text || ' ' || g.coin AS line`, coin);
      const plan = await tx.$queryRaw<{ 'QUERY PLAN': string }[]>(Prisma.sql`EXPLAIN ${query}`);
      const lines = await tx.$queryRaw<{ line: string }[]>(Prisma.sql`${query} ORDER BY 1`);
      return { index: plan.some((p) => p['QUERY PLAN'].includes('search_groups_keys_idx')), lines: lines.map((l) => l.line) };
    });
  const indexDef = async () =>
    (await h.deps.sql<{ def: string }>(Prisma.sql`SELECT pg_get_indexdef('search_groups_keys_idx'::regclass) AS def`))[0]?.def.replace(
      /\s+/g,
      ' ',
    );

  it('finds the matching groups of a coin from the index, with the words and coin as keys', async () => {
    const wanted = /USING gin \(search_group_keys\(text, coin\)\)/;
    expect(await reapplyMigration(h, COIN_KEYS, UNDO_COIN_KEYS)).toEqual([COIN_KEYS]);
    expect(await indexDef()).toMatch(wanted);
    // Other groups of the workspace, analyzed: reading all its groups no longer costs as little.
    await h.deps.sql(Prisma.sql`
      INSERT INTO search_groups (workspace_id, key, text, coin, n)
      SELECT ${ws.workspaceId}::uuid, -i, 'Filler ' || i, 'USD', 1 FROM generate_series(1, 2000) i`);
    await h.deps.sql(Prisma.sql`ANALYZE search_groups`);
    expect(await found('soylent', 'EUR')).toEqual({ index: true, lines: ['Soylent Foods EUR'] });
    expect(await found('soylent', 'USD')).toEqual({ index: true, lines: ['Soylent Foods USD'] });
    expect(await found('soylent')).toEqual({ index: true, lines: ['Soylent Foods EUR', 'Soylent Foods USD'] });
    expect(await found('jane', 'EUR')).toEqual({ index: true, lines: ['Jane Doe EUR'] });
    expect(await found('jane', 'USD')).toEqual({ index: true, lines: [] });
    // The index's keys themselves: a coin's key is `$` and the coin, no word's (the word "eur"
    // finds no group by its coin, whatever the names' check would say after).
    const keyed = async (query: Prisma.Sql) =>
      Number(
        (
          await h.deps.sql<{ n: bigint }>(Prisma.sql`
            SELECT count(*) AS n FROM search_groups g WHERE g.workspace_id = ${ws.workspaceId}::uuid AND search_group_keys(g.text, g.coin) @@ (${query})`)
        )[0]?.n,
      );
    expect(await keyed(Prisma.sql`${"'$EUR'"}::tsquery`)).toBe(2);
    expect(await keyed(Prisma.sql`${"'$USD'"}::tsquery`)).toBe(2001);
    expect(await keyed(Prisma.sql`search_key_query('eur')`)).toBe(0);
    expect(await keyed(Prisma.sql`search_key_query('soylent') && ${"'$EUR'"}::tsquery`)).toBe(1);
  });
});
