import { recordAudit } from '../../core/audit/record-audit.js';
import type { Ctx } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { rebuildSearchGroups } from '../../core/transactions/search-groups.js';
import { rebuildSearchWordCounts } from '../../core/transactions/search-word-counts.js';
import { rebuildCounts } from '../../core/transactions/transaction-counts.js';
import { insertRows } from './bulk-insert.js';
import { loadTransactions } from './bulk-load.js';
import { copyPieces, seedThreads } from './copy-pieces.js';
import { DAY, MINUTE } from './iso-time.js';
import { loadAside } from './load-aside.js';
import { makeAccounts } from './make-accounts.js';
import { Rng } from './random.js';
import { type SeedPlan, seedRows } from './seed-rows.js';

export interface SeedTransactionsOptions {
  /** How many transactions to add. */
  transactions: number;
  /** How many accounts to create and spread them over (default max(10, transactions / 1000)). */
  accounts?: number;
  /** The same seed gives the same data (default 1). */
  seed?: number;
  /** Rows per INSERT statement (default 10,000); COPY sends blocks of 1,000 rows. */
  batchSize?: number;
  /**
   * Worker threads drawing the rows for COPY (default: one per core, at most 4, from 20,000
   * rows; 0 draws them on this thread). The data is the same either way.
   */
  threads?: number;
  /** Called as rows are handed to the database. */
  onProgress?: (done: number, total: number) => void;
  /** Called as each step after the rows starts (index builds, counts, VACUUM). */
  onPhase?: (phase: string) => void;
  /** Called as each index or key built in a session of its own is done, with its seconds. */
  onStep?: (name: string, seconds: number) => void;
}

export interface SeedTransactionsResult {
  workspaceId: string;
  /** The seed's accounts and transactions (the same rows for the same seed)... */
  accounts: number;
  transactions: number;
  /** ...and how many of them this run inserted: those of a seed run before are there already. */
  inserted: { accounts: number; transactions: number };
}

/**
 * `fas seed`: realistic demo data, deterministic for a seed. Creates `accounts` active accounts,
 * then `transactions` bank (~45%), crypto (~35%) and trade (~20%) transactions over the last 365
 * days, oldest first, with every status and a status history consistent with it. Amounts, fees
 * and totals come from the catalog exactly as the create use cases compute them,. Rows are sent in bulk: with
 * COPY in one database transaction (`loadTransactions`, which also decides whether the indexes
 * are built again after the load), or with `INSERT ... SELECT FROM unnest(...)` batches; then the
 * list counts are rebuilt and the table analyzed. Creates no events (demo data, not activity).
 */
export async function seedTransactions(ctx: Ctx, opts: SeedTransactionsOptions): Promise<SeedTransactionsResult> {
  const total = opts.transactions;
  const seed = opts.seed ?? 1;
  const accountCount = opts.accounts ?? Math.max(10, Math.floor(total / 1000));
  const batchSize = opts.batchSize ?? 10_000;
  for (const [name, v] of [
    ['transactions', total],
    ['accounts', accountCount],
    ['batchSize', batchSize],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < 1) throw new AppError('VALIDATION_FAILED', `${name} must be a positive integer`);
  }
  if (!Number.isSafeInteger(seed)) throw new AppError('VALIDATION_FAILED', 'seed must be an integer');
  const ws = await ctx.db.workspace.findUnique({ where: { id: ctx.workspaceId }, select: { id: true } });
  if (!ws) throw new AppError('NOT_FOUND', `workspace ${ctx.workspaceId} not found`);

  const threads = opts.threads ?? seedThreads(total);
  if (!Number.isSafeInteger(threads) || threads < 0) throw new AppError('VALIDATION_FAILED', 'threads must be a non-negative integer');
  // The accounts come from streams of their own; each block of rows has its own (see `BLOCK`).
  const rng = new Rng(`fas-seed:${seed}`);
  const ids = new Rng(`fas-seed-ids:${seed}:${ctx.workspaceId}`);
  const now = ctx.clock.now().getTime();
  const created = now - 400 * DAY;

  const accounts = makeAccounts(rng, ids, accountCount);
  const newAccounts = await ctx.db.account.createMany({
    data: accounts.map((a, i) => ({
      id: a.id,
      workspaceId: ctx.workspaceId,
      type: a.type,
      email: a.email,
      reference: a.reference,
      status: 'active' as const,
      createdAt: new Date(created + i * MINUTE),
      updatedAt: new Date(created + i * MINUTE),
    })),
    skipDuplicates: true,
  });

  const plan: SeedPlan = { seed, workspaceId: ctx.workspaceId, accounts: accounts.map(({ id, email }) => ({ id, email })), total, now };
  let done = 0;
  const progress = (n: number) => {
    done += n;
    opts.onProgress?.(done, total);
  };
  // COPY where the database offers it and the workspace holds no transaction yet; into a workspace
  // that has some, rows go through INSERT ... ON CONFLICT, so running a seed again adds only what
  // is missing (rows are keyed by the seed).
  const fresh = !(await ctx.db.transaction.findFirst({ where: { workspaceId: ctx.workspaceId }, select: { id: true } }));
  let frozen = false;
  let counted = false;
  let ledgered = false;
  let inserted: number;
  if (ctx.bulk && fresh) {
    const load = {
      rows: total,
      pieces: copyPieces(plan, threads),
      onRows: progress,
      onPhase: opts.onPhase,
      onStep: opts.onStep,
      countFor: ctx.workspaceId,
    };
    // On PostgreSQL, into an empty table, the indexes are built in parallel sessions (`loadAside`).
    const loaded = (ctx.bulk.kind === 'postgres' && (await loadAside(ctx.bulk, load))) || (await loadTransactions(ctx.bulk, load));
    frozen = loaded.frozen;
    counted = loaded.counted === true;
    ledgered = loaded.ledgered === true;
    inserted = total; // a workspace without transactions has none of the seed's ids
  } else {
    inserted = await insertRows(ctx, seedRows(plan), batchSize, progress);
  }
  const result = { workspaceId: ctx.workspaceId, accounts: accountCount, transactions: total };
  const answer = { ...result, inserted: { accounts: newAccounts.count, transactions: inserted } };
  // The audit log names the load once, when its rows are in (a bulk load of demo data is not a
  // record per row; the load itself is not one database transaction).
  if (inserted > 0 || newAccounts.count > 0) {
    const changes = { seed: { after: seed }, transactions: { after: inserted }, accounts: { after: newAccounts.count } };
    await ctx.db.$transaction((tx) =>
      recordAudit(tx, ctx, { action: 'workspace.seeded', object: { type: 'workspace', id: ctx.workspaceId }, changes }),
    );
  }
  // The same seed again: nothing new, so the counts and the statistics stand as they are.
  if (inserted === 0) return answer;

  // Statistics first: the count rebuild's plan depends on them (with none, it sorted the rows). A
  // load built aside counted before its rows were swapped in.
  opts.onPhase?.('analyzing');
  await ctx.db.$executeRawUnsafe('ANALYZE transactions');
  if (!ledgered) {
    opts.onPhase?.('ledger');
    await seedLedger(ctx);
  }
  if (!counted) {
    opts.onPhase?.('counting');
    await countSeeded(ctx, ctx.bulk?.kind === 'pglite' ? '128MB' : '512MB');
  }
  opts.onPhase?.('analyzing counts');
  // The visibility map, so list pages are index-only at once (rows copied frozen already have it).
  // The count tables' statistics too: never analyzed, the planner found a deep page's newest day by
  // reading all of a workspace's count rows instead of one index probe (docs/benchmarks.md,
  // "Measurements behind code decisions").
  if (!frozen) {
    opts.onPhase?.('vacuuming');
    await ctx.db.$executeRawUnsafe('VACUUM transactions');
  }
  await ctx.db.$executeRawUnsafe('VACUUM (ANALYZE) transaction_counts');
  await ctx.db.$executeRawUnsafe('VACUUM (ANALYZE) account_transaction_counts');
  await ctx.db.$executeRawUnsafe('VACUUM (ANALYZE) transaction_rollups');
  await ctx.db.$executeRawUnsafe('VACUUM (ANALYZE) transaction_legs');
  await ctx.db.$executeRawUnsafe('VACUUM (ANALYZE) search_groups');
  await ctx.db.$executeRawUnsafe('VACUUM (ANALYZE) search_word_counts');
  await ctx.db.$executeRawUnsafe('VACUUM (ANALYZE) search_word_coin_counts');
  await ctx.db.$executeRawUnsafe('VACUUM (ANALYZE) search_word_day_counts');
  await ctx.db.$executeRawUnsafe('VACUUM (ANALYZE) search_word_repeats');
  await ctx.db.$executeRawUnsafe('VACUUM (ANALYZE) search_word_groups');
  // Entries built aside are new rows: statistics are what a statement's plan needs of them at once
  // (their visibility map is autovacuum's, later).
  await ctx.db.$executeRawUnsafe(`${ledgered ? 'ANALYZE' : 'VACUUM (ANALYZE)'} ledger_entries`);
  await ctx.db.$executeRawUnsafe('VACUUM (ANALYZE) ledger_balances');
  // And the accounts: without statistics the planner took a workspace's accounts for a handful and
  // matched a search's pattern on every one of them instead of looking up the email keys' index.
  // VACUUM also merges that index's pending list, which every search read through otherwise
  // (5.6 ms a search for 10,000 accounts, against 0.02 ms merged).
  await ctx.db.$executeRawUnsafe('VACUUM (ANALYZE) accounts');
  // The embedded database keeps the WAL of the load until a checkpoint: most of it is then recycled.
  if (ctx.bulk?.kind === 'pglite') await ctx.db.$executeRawUnsafe('CHECKPOINT');
  return answer;
}

/**
 * The list counts and search groups of the seeded workspace, rebuilt from its rows in one database transaction; any
 * search keys still in the GIN pending list (rows inserted into the kept index) are merged first.
 * `memory` is what the count rebuild may hash in: its groups fit, so its rows are read once.
 */
async function countSeeded(ctx: Ctx, memory: string): Promise<void> {
  await ctx.db.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL maintenance_work_mem = '512MB'");
      await tx.$executeRawUnsafe(`SET LOCAL work_mem = '${memory}'`);
      await tx.$queryRawUnsafe("SELECT gin_clean_pending_list('transactions_search_keys_idx'::regclass)");
      await rebuildCounts(tx, ctx.workspaceId);
      await rebuildSearchGroups(tx, ctx.workspaceId);
      await rebuildSearchWordCounts(tx, ctx.workspaceId);
    },
    { timeout: 600_000, maxWait: 600_000 },
  );
}

/**
 * The ledger of the seeded transactions, built in SQL in one statement per table (`ledger_backfill`,
 * migration `ledger`), with the seed's rule: each account first gets an opening balance of what
 * it pays in each currency, so no balance goes below zero and `fas ledger verify` is clean.
 */
async function seedLedger(ctx: Ctx): Promise<void> {
  await ctx.db.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL statement_timeout = 0');
      await tx.$executeRawUnsafe("SET LOCAL work_mem = '256MB'");
      await tx.$queryRaw`SELECT ledger_backfill(${ctx.workspaceId}::uuid, true)`;
    },
    { timeout: 3_600_000, maxWait: 600_000 },
  );
}
