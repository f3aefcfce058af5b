import type { Ctx } from '../context.js';
import { countByStatus } from '../kyc/count-by-status.js';
import { transactionStats } from '../transactions/transaction-stats.js';
import { deliveryStats } from '../webhooks/delivery-stats.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The dashboard's first page in one call: accounts by status, transaction counts and volume per
 * UTC day and type over the last 30 days (today included), and webhook delivery outcomes.
 */
export async function getOverview(ctx: Ctx) {
  const since = new Date(ctx.clock.now().getTime() - 29 * DAY_MS).toISOString().slice(0, 10);
  const [accounts, perDay, deliveries] = await Promise.all([
    countByStatus(ctx),
    transactionStats(ctx, { filter: { startDate: since }, groupBy: ['DAY', 'TYPE'] }),
    deliveryStats(ctx, { groupBy: [] }),
  ]);
  const d = deliveries[0];
  return {
    sandbox: ctx.sandbox,
    accountsByStatus: accounts.account,
    since,
    transactionsPerDay: perDay.map((r) => ({
      day: r.day ?? '',
      transactionType: r.transactionType ?? '',
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
