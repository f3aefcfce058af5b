import type { Ctx } from '../context.js';
import { countByStatus } from '../kyc/count-by-status.js';
import { type StatsRow, transactionStats } from '../transactions/transaction-stats.js';
import { deliveryStats } from '../webhooks/delivery-stats.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Counts per (day, type): the per-coin rows added up (counts, unlike amounts, add across coins). */
function countsPerDay(rows: StatsRow[]): { day: string; transactionType: string; count: number }[] {
  const out = new Map<string, { day: string; transactionType: string; count: number }>();
  for (const r of rows) {
    const key = `${r.day}|${r.transactionType}`;
    const entry = out.get(key) ?? { day: r.day ?? '', transactionType: r.transactionType ?? '', count: 0 };
    entry.count += r.count;
    out.set(key, entry);
  }
  return [...out.values()];
}

/**
 * The dashboard's first page in one call: accounts by status, transaction counts and volume per
 * UTC day and type over the last 30 days (today included), and webhook delivery outcomes. Volume
 * is per coin (amounts of different coins are never added up): a bank or crypto transaction's
 * amount in its coin, a trade's quantity in its base currency.
 */
export async function getOverview(ctx: Ctx) {
  const since = new Date(ctx.clock.now().getTime() - 29 * DAY_MS).toISOString().slice(0, 10);
  const [accounts, perDay, deliveries] = await Promise.all([
    countByStatus(ctx),
    transactionStats(ctx, { filter: { startDate: since }, groupBy: ['DAY', 'TYPE', 'COIN'] }),
    deliveryStats(ctx, { groupBy: [] }),
  ]);
  const d = deliveries[0];
  return {
    sandbox: ctx.sandbox,
    accountsByStatus: accounts.account,
    since,
    transactionsPerDay: countsPerDay(perDay),
    volumePerDay: perDay.map((r) => ({
      day: r.day ?? '',
      transactionType: r.transactionType ?? '',
      coin: r.coin ?? '',
      count: r.count,
      amount: r.amount,
    })),
    webhooks: {
      deliveries: d?.deliveries ?? 0,
      succeeded: d?.succeeded ?? 0,
      failed: d?.failed ?? 0,
      waiting: d?.pending ?? 0,
      successRate: d?.successRate ?? null,
    },
  };
}
