import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/core/ledger/verify-ledger.js';
import { rebuildSearchGroups } from '../../src/core/transactions/search-groups.js';
import { rebuildSearchWordCounts } from '../../src/core/transactions/search-word-counts.js';
import { rebuildCounts } from '../../src/core/transactions/transaction-counts.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { loadAside } from '../../src/operator/seed/load-aside.js';
import { seedTransactions } from '../../src/operator/seed/seed-transactions.js';
import { activeAccount, at, createBank } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';

// PostgreSQL only: the embedded database has one session, so its seed loads in it (bulk-load.ts).
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const NOW = '2026-06-30T12:00:00.000Z';

const one = async <R>(q: Prisma.Sql) => (await h.deps.sql<R>(q))[0] as R;
const asideTables = async () =>
  (await h.deps.sql<{ name: string }>(Prisma.sql`SELECT relname AS name FROM pg_class WHERE relname LIKE 'transactions_seed_%'`)).map(
    (r) => r.name,
  );
const structure = async (table = 'transactions') =>
  (
    await h.deps.sql<{ def: string }>(Prisma.sql`
      SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index WHERE indrelid = ${table}::regclass
      UNION ALL
      SELECT conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = ${table}::regclass
      UNION ALL
      SELECT 'sequence ' || s FROM pg_get_serial_sequence(${table}, 'id') s WHERE s IS NOT NULL`)
  )
    .map((r) => r.def)
    .sort();
/** A workspace's ledger in id order, without the ids: what `ledger_backfill` would write too. */
const ledgerOf = (workspaceId: string) =>
  h.deps.sql<{ row: string }>(Prisma.sql`
    SELECT * FROM (SELECT concat_ws(' ', transaction_id, account_id, currency, type, status, created_at, amount, clearing, fees,
                                    trading_desk, posted, pending_in, pending_out) AS row
                   FROM ledger_entries WHERE workspace_id = ${workspaceId}::uuid ORDER BY id) e
    UNION ALL
    SELECT * FROM (SELECT concat_ws(' ', 'balance', account_id, currency, posted, pending_in, pending_out, updated_at)
                   FROM ledger_balances WHERE workspace_id = ${workspaceId}::uuid ORDER BY account_id, currency) b`);

describe.skipIf(!String(process.env.DATABASE_URL ?? '').startsWith('postgres'))('fas seed on PostgreSQL: the load built aside', () => {
  it('a load that fails leaves no table aside and no row; a table left by a killed seed is dropped by the next one', async () => {
    expect(await one<{ n: number }>(Prisma.sql`SELECT count(*)::int AS n FROM transactions`)).toEqual({ n: 0 });
    const failed = loadAside(h.database.bulk, {
      rows: 10,
      pieces: (async function* () {
        yield* [];
        throw new Error('the rows ran out of luck');
      })(),
      onRows: () => {},
    });
    await expect(failed).rejects.toThrow('the rows ran out of luck');
    expect(await asideTables()).toEqual([]);
    // What a seed killed after its rows were committed leaves: a table aside, unseen by requests.
    await h.deps.db.$executeRawUnsafe('CREATE TABLE transactions_seed_killed (LIKE transactions INCLUDING ALL EXCLUDING INDEXES)');
    expect(await asideTables()).toEqual(['transactions_seed_killed']);

    const before = await structure();
    const ledgerBefore = await structure('ledger_entries');
    expect(await one<{ n: number }>(Prisma.sql`SELECT count(*)::int AS n FROM ledger_entries`)).toEqual({ n: 0 });
    const ws = await workspaceFactory(h.deps);
    // Another workspace writes a transaction while the seed builds aside: the swap must keep it.
    const other = await workspaceFactory(h.deps, 'Other');
    const otherAccount = await activeAccount(other.ctx);
    let written: Promise<{ id: string }> | undefined;
    const steps: string[] = [];
    const phases: string[] = [];
    const result = await seedTransactions(
      { ...at(ws.ctx, NOW), bulk: h.database.bulk },
      {
        transactions: 1500,
        accounts: 15,
        onStep: (name) => steps.push(name),
        onPhase: (p) => {
          phases.push(p);
          if (p === 'building indexes in 3 sessions') written = createBank(other.ctx, otherAccount, { beneficiaryName: 'Meanwhile Ltd' });
        },
      },
    );
    expect(result.inserted).toEqual({ accounts: 15, transactions: 1500 });
    const meanwhile = await written;
    expect(meanwhile?.id).toBeDefined();
    expect(
      await one<{ n: number; key: boolean }>(
        Prisma.sql`SELECT count(*)::int AS n, bool_and(search_key IS NOT NULL) AS key FROM transactions WHERE workspace_id = ${other.workspaceId}::uuid AND id = ${meanwhile?.id}::uuid`,
      ),
    ).toEqual({ n: 1, key: true });
    expect(
      await one<{ n: number }>(
        Prisma.sql`SELECT n::int FROM search_groups WHERE workspace_id = ${other.workspaceId}::uuid AND text = 'Meanwhile Ltd'`,
      ),
    ).toEqual({ n: 1 });
    expect(phases).toEqual(['building indexes in 3 sessions', 'checking foreign keys', 'swapping in', 'analyzing', 'analyzing counts']);
    expect(await asideTables()).toEqual([]);
    // The same indexes and keys under the same names, each built once, and the rows all there.
    expect(await structure()).toEqual(before);
    // The primary key is in \`before\` twice: its index and its constraint. A check comes with the
    // table aside (LIKE ... INCLUDING ALL) and is checked as each row is written: no step of its own.
    const names = before
      .filter((d) => !/^\S+ CHECK /.test(d))
      .map((d) => /^(?:CREATE (?:UNIQUE )?INDEX (\S+)|(\S+) )/.exec(d)?.slice(1).find(Boolean));
    const ledgerNames = ledgerBefore.map((d) => /^(?:CREATE (?:UNIQUE )?INDEX (\S+)|(\S+) )/.exec(d)?.slice(1).find(Boolean));
    const ledgerSteps = [...new Set(ledgerNames)].filter((n) => n !== 'sequence').map((n) => `ledger ${n}`);
    expect(steps.sort()).toEqual([...new Set(names), 'counts', 'word counts', 'ledger entries', ...ledgerSteps].sort());
    // The ledger swapped in: the same structure (the sequence with it), the entry written meanwhile
    // kept, and the entries and balances those of `ledger_backfill` from the live rows.
    expect(await structure('ledger_entries')).toEqual(ledgerBefore);
    expect(
      await one<{ n: number }>(
        Prisma.sql`SELECT count(*)::int AS n FROM ledger_entries WHERE workspace_id = ${other.workspaceId}::uuid AND transaction_id = ${meanwhile?.id}::uuid`,
      ),
    ).toEqual({ n: 1 });
    expect(await verifyLedger(h.deps)).toMatchObject({ drifts: [], negative: 0 });
    const built = await ledgerOf(ws.workspaceId);
    expect(built.length).toBeGreaterThan(1500);
    expect(built.filter((r) => r.row.startsWith('balance')).length).toBeGreaterThan(15);
    const next = await one<{ id: string }>(Prisma.sql`SELECT nextval(pg_get_serial_sequence('ledger_entries', 'id'))::text AS id`);
    expect(await one<{ n: number }>(Prisma.sql`SELECT count(*)::int AS n FROM ledger_entries WHERE id >= ${next.id}::bigint`)).toEqual({
      n: 0,
    });
    await h.deps.db.$executeRaw`DELETE FROM ledger_entries WHERE workspace_id = ${ws.workspaceId}::uuid`;
    await h.deps.db.$executeRaw`DELETE FROM ledger_balances WHERE workspace_id = ${ws.workspaceId}::uuid`;
    await h.deps.sql(Prisma.sql`SELECT ledger_backfill(${ws.workspaceId}::uuid, true)`);
    expect(await ledgerOf(ws.workspaceId)).toEqual(built);
    expect(
      await one<{ n: number }>(Prisma.sql`SELECT count(*)::int AS n FROM transactions WHERE workspace_id = ${ws.workspaceId}::uuid`),
    ).toEqual({
      n: 1500,
    });
    // The counts swapped in with the rows are those a rebuild from the live rows gives.
    const counts = () =>
      h.deps.sql<{ row: string }>(Prisma.sql`
        SELECT concat_ws(' ', coin, day, transaction_type, status, n) AS row FROM transaction_counts WHERE workspace_id = ${ws.workspaceId}::uuid
        UNION ALL
        SELECT concat_ws(' ', account_id, coin, transaction_type, status, n) FROM account_transaction_counts WHERE workspace_id = ${ws.workspaceId}::uuid
        UNION ALL
        SELECT concat_ws(' ', key, text, n, shared, n_pending, n_processing, n_completed, n_failed, n_canceled, n_returned)
        FROM search_groups WHERE workspace_id = ${ws.workspaceId}::uuid
        UNION ALL
        SELECT concat_ws(' ', 'wordgroups', word, n) FROM search_word_groups WHERE workspace_id = ${ws.workspaceId}::uuid
        UNION ALL
        SELECT concat_ws(' ', 'word', word, account_id, coin, transaction_type, status, n) FROM search_word_counts WHERE workspace_id = ${ws.workspaceId}::uuid
        UNION ALL
        SELECT concat_ws(' ', 'coin', word, coin, transaction_type, status, n) FROM search_word_coin_counts WHERE workspace_id = ${ws.workspaceId}::uuid
        UNION ALL
        SELECT concat_ws(' ', 'day', word, day, transaction_type, status, n) FROM search_word_day_counts WHERE workspace_id = ${ws.workspaceId}::uuid
        UNION ALL
        SELECT concat_ws(' ', 'repeat', word, prev, transaction_id, account_id, coins, transaction_type, status, created_at)
        FROM search_word_repeats WHERE workspace_id = ${ws.workspaceId}::uuid
        ORDER BY 1`);
    const aside = await counts();
    expect(aside.length).toBeGreaterThan(100);
    expect(aside.some((r) => r.row.includes('\n'))).toBe(true); // search groups among them
    await rebuildCounts(h.deps.db, ws.workspaceId);
    await rebuildSearchGroups(h.deps.db, ws.workspaceId);
    await rebuildSearchWordCounts(h.deps.db, ws.workspaceId);
    expect(aside.some((r) => r.row.startsWith('wordgroups '))).toBe(true); // the groups per word among them
    expect(aside.some((r) => r.row.startsWith('word '))).toBe(true); // and word counts
    expect(aside.some((r) => r.row.startsWith('coin '))).toBe(true); // and per coin
    expect(aside.some((r) => r.row.startsWith('day '))).toBe(true); // and per day
    expect(aside.some((r) => r.row.startsWith('repeat '))).toBe(true); // and the repeated words
    expect(await counts()).toEqual(aside);
  }, 120_000);

  it('into a table that holds rows, the load stays in one session (indexes dropped and built again in its transaction)', async () => {
    const ws = await workspaceFactory(h.deps);
    const phases: string[] = [];
    await seedTransactions(
      { ...at(ws.ctx, NOW), bulk: h.database.bulk },
      { transactions: 2000, accounts: 10, onPhase: (p) => phases.push(p) },
    );
    expect(phases).toContain('building transactions_pkey');
    expect(phases).not.toContain('swapping in');
  }, 120_000);
});
