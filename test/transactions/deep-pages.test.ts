import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTransactions } from '../../src/core/transactions/list-transactions.js';
import { rebuildSearchGroups } from '../../src/core/transactions/search-groups.js';
import { changeTransactionStatus } from '../../src/core/transactions/status-change.js';
import { rebuildCounts } from '../../src/core/transactions/transaction-counts.js';
import { resolveTransactionFilter, transactionWhere } from '../../src/core/transactions/transaction-filter.js';
import { activeAccount, at, createBank, createCrypto, createTrade } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';

// Deep pages (past DEEP_SKIP rows, lowered here to keep the data small) are located through the
// per-day counts (list-transactions.ts); they must be exactly the pages a plain OFFSET gives,
// across day boundaries and past the end.
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
const COPIES = 600; // x 5 transactions: 3,005 rows over about 12 days, 1,803 of them crypto
const DEEP = { deepSkip: 1_000 };
let total = 0;

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  const accountId = await activeAccount(ws.ctx);
  const when = at(ws.ctx, '2025-06-30T23:58:00.000Z');
  await createBank(when, accountId);
  await createCrypto(when, accountId);
  await createCrypto(when, accountId, {
    coin: 'USDC',
    network: 'solana',
    amount: '3',
    targetAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
  });
  const crypto = await createCrypto(at(ws.ctx, '2025-06-30T23:59:00.000Z'), accountId);
  await h.deps.db.$transaction((db) => changeTransactionStatus(db, ws.ctx, crypto.id, 'processing', ''));
  await createTrade(at(ws.ctx, '2025-06-30T23:59:30.000Z'), accountId);
  // Copies of those rows, 29 minutes apart, with fresh ids and references.
  // By the columns a write gives: the generated ones (search_key) are computed again.
  const [written] = await h.deps.db.$queryRaw<{ columns: string }[]>`
    SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) AS columns FROM pg_attribute
    WHERE attrelid = 'transactions'::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''`;
  const columns = written?.columns ?? '';
  await h.deps.db.$executeRawUnsafe(
    `INSERT INTO transactions (${columns})
     SELECT ${columns
       .split(', ')
       .map((c) => `r.${c}`)
       .join(', ')}
     FROM transactions t CROSS JOIN generate_series(1, $1::int) g
       CROSS JOIN LATERAL jsonb_populate_record(NULL::transactions, to_jsonb(t) || jsonb_build_object(
         'id', gen_random_uuid(), 'reference', t.reference || '-' || g,
         'created_at', t.created_at - g * interval '29 minutes')) r
     WHERE t.workspace_id = $2::uuid`,
    COPIES,
    ws.workspaceId,
  );
  await rebuildCounts(h.deps.db, ws.workspaceId);
  await rebuildSearchGroups(h.deps.db, ws.workspaceId);
  total = (COPIES + 1) * 5;
}, 300_000);
afterAll(async () => h?.close());

/**
 * Every id the filter selects in list order (one query per filter, cached): a plain OFFSET page
 * is a slice of it.
 */
const ordered = new Map<string, Promise<string[]>>();
async function offsetPage(filter: Record<string, string>, page: number, limit: number): Promise<string[]> {
  const key = JSON.stringify(filter);
  if (!ordered.has(key)) {
    ordered.set(
      key,
      h.deps.db.$queryRaw<{ id: string }[]>`
          SELECT t.id::text AS id FROM transactions t WHERE ${transactionWhere(resolveTransactionFilter(ws.ctx, filter))}
          ORDER BY t.created_at DESC, t.id DESC`.then((rows) => rows.map((r) => r.id)),
    );
  }
  return (await ordered.get(key)!).slice((page - 1) * limit, page * limit);
}

describe('deep pages', () => {
  it('no filter: every page past 1,000 rows, and the one past the end, equal a plain OFFSET', async () => {
    const limit = 100;
    const last = Math.ceil(total / limit);
    for (let page = 10; page <= last + 1; page++) {
      const got = await listTransactions(ws.ctx, { page, limit }, DEEP);
      expect(got.total).toBe(total);
      expect(
        got.data.map((t) => t.id),
        `page ${page}`,
      ).toEqual(await offsetPage({}, page, limit));
    }
  });

  it.each([
    [{ transactionType: 'crypto' }, 9],
    [{ transactionType: 'crypto', coin: 'eth' }, 30],
    [{ status: 'pending' }, 40],
    [{ status: 'pending', transactionType: 'crypto' }, 3],
  ])('%j, %i a page: every page from 1,000 rows skipped to past the end equals a plain OFFSET', async (filter, limit) => {
    for (let page = Math.ceil(1_000 / limit) + 1; ; page++) {
      const want = await offsetPage(filter, page, limit);
      const have = (await listTransactions(ws.ctx, { ...filter, page, limit }, DEEP)).data.map((t) => t.id);
      expect(have, `page ${page}`).toEqual(want);
      if (!want.length) break;
    }
  });
});
