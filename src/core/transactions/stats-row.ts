/** One group of `transactionStats` (transaction-stats.ts), its keys in the order the adapters write them. */
export interface StatsRow {
  coin: string | null;
  transactionType: string | null;
  status: string | null;
  day: string | null;
  month: string | null;
  count: number;
  /** Null unless grouped by COIN: sums are only ever taken within one currency. */
  amount: string | null;
  fee: string | null;
  total: string | null;
}
