import type { Ctx } from '../context.js';
import { fieldError, validationError } from '../errors.js';
import { countByStatus } from '../kyc/count-by-status.js';
import { listReads } from '../read-routing.js';
import { type StatsFrom, type StatsRow, transactionStats } from '../transactions/transaction-stats.js';
import { deliveryStats } from '../webhooks/delivery-stats.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The ranges the overview offers, in days (today included). */
export const OVERVIEW_RANGES = [7, 30, 90] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];

/** Counts per (day, type): the per-currency rows added up (counts, unlike amounts, add across coins). */
function countsPerDay(rows: StatsRow[]): { day: string; transactionType: string; count: number }[] {
  const out = new Map<string, { day: string; transactionType: string; count: number }>();
  for (const r of rows) {
    if (r.count === 0) continue;
    const key = `${r.day}|${r.transactionType}`;
    const entry = out.get(key) ?? { day: r.day ?? '', transactionType: r.transactionType ?? '', count: 0 };
    entry.count += r.count;
    out.set(key, entry);
  }
  return [...out.values()];
}

/**
 * The dashboard's first page in one call: accounts by status, transaction counts and figures per
 * UTC day, type and currency over the last `days` days (today included), and webhook delivery
 * outcomes. Figures come from `transactionStats` grouped by currency, so two currencies are never
 * added: a trade's quantity counts under its base currency, its fee and total under its quote.
 * Its whole UTC days are read from the rollups (`from: 'rows'` reads the rows instead: benchmarks).
 */
export async function getOverview(caller: Ctx, input: { days?: number } = {}, opts: { from?: StatsFrom } = {}) {
  // One database for the whole overview: its parts agree with each other.
  const ctx = listReads(caller);
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw validationError([fieldError('', 'invalid_type', 'must be an object', { type: 'object' })]);
  const extra = Object.keys(input).filter((k) => k !== 'days');
  if (extra.length) throw validationError(extra.map((field) => fieldError(field, 'unknown_field', 'is not a known field')));
  const days = input.days ?? 30;
  if (!(OVERVIEW_RANGES as readonly number[]).includes(days)) {
    throw validationError([
      fieldError('days', 'not_allowed', `must be one of ${OVERVIEW_RANGES.join(', ')}`, { allowed: OVERVIEW_RANGES.map(String) }),
    ]);
  }
  const since = new Date(ctx.clock.now().getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  const [accounts, perDay, deliveries] = await Promise.all([
    countByStatus(ctx),
    transactionStats(ctx, { filter: { startDate: since }, groupBy: ['DAY', 'TYPE', 'COIN'] }, opts),
    deliveryStats(ctx, { groupBy: [] }),
  ]);
  const d = deliveries[0];
  return {
    sandbox: ctx.sandbox,
    accountsByStatus: accounts.account,
    days: days as OverviewRange,
    since,
    transactionsPerDay: countsPerDay(perDay),
    volumePerDay: perDay.map((r) => ({
      day: r.day ?? '',
      transactionType: r.transactionType ?? '',
      coin: r.coin ?? '',
      count: r.count,
      amount: r.amount ?? '0',
      fee: r.fee ?? '0',
      total: r.total ?? '0',
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
