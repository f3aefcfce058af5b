import type { Ctx } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { rebuildCounts } from '../../core/transactions/transaction-counts.js';
import { appendColumns, emptyColumns, insertBatch, type SeedRow, toParams } from './bulk-insert.js';
import { DAY, MINUTE } from './iso-time.js';
import { makeAccounts, makeRow, type SeedAccount } from './make-row.js';
import { Rng } from './random.js';

export interface SeedTransactionsOptions {
  /** How many transactions to add. */
  transactions: number;
  /** How many accounts to create and spread them over (default max(10, transactions / 1000)). */
  accounts?: number;
  /** The same seed gives the same data (default 1). */
  seed?: number;
  /** Rows per INSERT statement (default 10,000). */
  batchSize?: number;
  /** Called after each batch. */
  onProgress?: (done: number, total: number) => void;
}

export interface SeedTransactionsResult {
  workspaceId: string;
  accounts: number;
  transactions: number;
}

/** Rows are turned into column text this many at a time, so few small strings stay alive. */
const CHUNK = 1000;

/**
 * `fas seed`: realistic demo data, deterministic for a seed. Creates `accounts` active accounts,
 * then `transactions` bank (~45%), crypto (~35%) and trade (~20%) transactions over the last 365
 * days, oldest first, with every status and a status history consistent with it. Amounts, fees
 * and totals come from the catalog exactly as the create use cases compute them, and the
 * searchable text from `searchTextOf`, as a real insert builds it. Rows are sent in bulk
 * (`INSERT ... SELECT FROM unnest(...)`), two statements in flight; then the list counts are
 * rebuilt and the table analyzed. Creates no events (demo data, not activity).
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

  const rng = new Rng(`fas-seed:${seed}`);
  const ids = new Rng(`fas-seed-ids:${seed}:${ctx.workspaceId}`);
  const now = ctx.clock.now().getTime();
  const created = now - 400 * DAY;

  const accounts = makeAccounts(rng, ids, accountCount);
  await ctx.db.account.createMany({
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

  // Oldest first, evenly over the year with jitter: the time-ordered indexes grow at one end.
  const start = now - 365 * DAY;
  const slot = (365 * DAY) / total;
  let next = 0;
  /** The next `batchSize` rows as one text per column (see bulk-insert.ts), and how many rows that is. */
  const batch = (): { params: string[]; count: number } => {
    const columns = emptyColumns();
    const first = next;
    for (const end = Math.min(total, next + batchSize); next < end; ) {
      const rows: SeedRow[] = [];
      for (const stop = Math.min(end, next + CHUNK); next < stop; next++) {
        // A few accounts are far busier than most (u^2 favours the first ones).
        const u = rng.next();
        const account = accounts[Math.floor(u * u * accountCount)] as SeedAccount;
        const createdAt = Math.floor(start + next * slot + rng.next() * slot);
        rows.push(makeRow(rng, ids, ctx.workspaceId, account, createdAt, now));
      }
      appendColumns(columns, rows);
    }
    return { params: toParams(columns), count: next - first };
  };

  // Two statements in flight (a batch is built while the other is written); batches are drawn
  // in order, so the data does not depend on timing.
  let done = 0;
  let failed = false;
  const lane = async () => {
    try {
      while (next < total && !failed) {
        const { params, count } = batch();
        await insertBatch(ctx, params);
        done += count;
        opts.onProgress?.(done, total);
      }
    } catch (err) {
      failed = true; // the other lane stops after its statement
      throw err;
    }
  };
  await Promise.all([lane(), lane()]);

  await ctx.db.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL maintenance_work_mem = '512MB'");
      await tx.$queryRawUnsafe("SELECT gin_clean_pending_list('transactions_search_text_idx'::regclass)");
      await rebuildCounts(tx, ctx.workspaceId);
    },
    { timeout: 600_000, maxWait: 600_000 },
  );
  // Statistics for the planner, and the visibility map, so list pages are index-only at once.
  await ctx.db.$executeRawUnsafe('VACUUM (ANALYZE) transactions');
  return { workspaceId: ctx.workspaceId, accounts: accountCount, transactions: total };
}
