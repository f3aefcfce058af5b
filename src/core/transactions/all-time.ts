/**
 * The `day` of the all-time rows: besides its UTC day, every transaction is counted under this
 * date, so a total without dates sums a few dozen rows instead of one per day of history
 * (docs/benchmarks.md, "Measurements behind code decisions"). No transaction is dated
 * in year 1 (creation times come from the server's clock, and the seed's from recent years).
 * Its own module so that search-dense.ts, which transaction-counts.ts calls, can read it too.
 */
export const ALL_TIME = '0001-01-01';
