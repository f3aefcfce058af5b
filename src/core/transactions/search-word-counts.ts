import { Prisma } from '../../db/generated/prisma/client.js';
import { utcDay } from './day-cover.js';
import { rebuildFromRows } from './search-groups.js';
import { ROW_COIN_SET, ROW_REPEATS, ROW_WORDS } from './search-row-words.js';
import type { CountChange, RawExecutor } from './transaction-counts.js';

type Tx = Prisma.TransactionClient;

/** The UTC day of `transactions t`'s creation, as the day counts (`search_word_day_counts`) key it. */
const ROW_DAY = utcDay(Prisma.sql`t.created_at`);

/** The distinct coins of `w.coins` (a row of `transactions` or of the words above), as `coin`. */
const ROW_COINS = Prisma.sql`(SELECT DISTINCT x AS coin FROM unnest(w.coins) AS x)`;

/**
 * Applies `changes` (a creation: +1 to its status; a status change: -1 to the old one, +1 to the
 * new one) to the counts of each word of the transaction's names, per account and coin (a row
 * with names has one: `search_word_counts`, migration `search_word_counts_per_coin`), per coin (`search_word_coin_counts`,
 * each distinct coin of its `coins`) and per UTC day and set of coins (`search_word_day_counts`),
 * each with its type and status, and its repeated words (`search_word_repeats`, `ROW_REPEATS`: written on creation,
 * given the new status on a change), in one statement of the writer's database transaction.
 * Each table's rows locked in key order, so two writers cannot deadlock on them.
 */
export async function bumpSearchWordCounts(
  tx: Tx,
  workspaceId: string,
  transactionId: string,
  changes: readonly CountChange[],
): Promise<void> {
  const statuses = changes.map(([status]) => status);
  const deltas = changes.map(([, delta]) => delta);
  // The status the row has after the changes (the one counted +1).
  const current = changes.find(([, delta]) => delta > 0)?.[0] ?? statuses[0];
  await tx.$executeRaw`
    WITH repeats AS (
      INSERT INTO search_word_repeats (workspace_id, word, transaction_id, prev, account_id, coins, transaction_type, status, created_at)
      SELECT t.workspace_id, r.word, t.id, r.prev, t.account_id, t.coins, t.transaction_type, ${current}::transaction_status, t.created_at
      FROM transactions t CROSS JOIN LATERAL ${ROW_REPEATS} r
      WHERE t.workspace_id = ${workspaceId}::uuid AND t.id = ${transactionId}::uuid AND t.search_key IS NOT NULL
      ORDER BY r.word
      ON CONFLICT (workspace_id, word, transaction_id) DO UPDATE SET status = EXCLUDED.status
    ), w AS MATERIALIZED (
      SELECT t.workspace_id, w.word, t.account_id, t.coin, t.coins, t.transaction_type, ch.status, ch.delta, ${ROW_DAY} AS day,
        ${ROW_COIN_SET} AS coin_set
      FROM transactions t
        CROSS JOIN LATERAL ${ROW_WORDS} w
        CROSS JOIN unnest(${statuses}::transaction_status[], ${deltas}::int[]) AS ch(status, delta)
      WHERE t.workspace_id = ${workspaceId}::uuid AND t.id = ${transactionId}::uuid AND t.search_key IS NOT NULL
    ), by_account AS (
      INSERT INTO search_word_counts (workspace_id, word, account_id, coin, transaction_type, status, n)
      SELECT workspace_id, word, account_id, coin, transaction_type, status, delta FROM w
      ORDER BY word, status
      ON CONFLICT (workspace_id, word, account_id, coin, transaction_type, status) DO UPDATE SET n = search_word_counts.n + EXCLUDED.n
    ), by_day AS (
      INSERT INTO search_word_day_counts (workspace_id, word, day, transaction_type, status, coins, n)
      SELECT workspace_id, word, day, transaction_type, status, coin_set, delta FROM w
      ORDER BY word, status
      ON CONFLICT (workspace_id, word, day, transaction_type, status, coins) DO UPDATE SET n = search_word_day_counts.n + EXCLUDED.n
    )
    INSERT INTO search_word_coin_counts (workspace_id, word, coin, transaction_type, status, n)
    SELECT w.workspace_id, w.word, c.coin, w.transaction_type, w.status, w.delta FROM w CROSS JOIN LATERAL ${ROW_COINS} c
    ORDER BY w.word, c.coin, w.status
    ON CONFLICT (workspace_id, word, coin, transaction_type, status) DO UPDATE SET n = search_word_coin_counts.n + EXCLUDED.n`;
}

/** The tables a rebuild of the word counts reads and writes: the live ones unless a seed counts aside. */
export interface WordCountTables {
  rows: string;
  /** The per-account counts' table (`search_word_counts`). */
  groups: string;
  /** The per-coin counts' table (`search_word_coin_counts`). */
  coins: string;
  /** The per-day counts' table (`search_word_day_counts`). */
  days: string;
  /** The repeated words' table (`search_word_repeats`). */
  repeats: string;
}

/**
 * Rebuilds a workspace's word counts, per account and coin, per coin and per day, and its repeated
 * words, from its rows (after a bulk load, or to repair): per account and per coin from one split
 * of the rows into words, per (word, account, coin, coins, type, status), summed into each table; per day from a
 * second; the repeats from a third. `tables`: the live ones unless a seed counts the rows it builds aside.
 */
export async function rebuildSearchWordCounts(
  db: RawExecutor,
  workspaceId: string,
  tables: WordCountTables = {
    rows: 'transactions',
    groups: 'search_word_counts',
    coins: 'search_word_coin_counts',
    days: 'search_word_day_counts',
    repeats: 'search_word_repeats',
  },
): Promise<void> {
  const coins = Prisma.raw(tables.coins);
  const days = Prisma.raw(tables.days);
  const repeats = Prisma.raw(tables.repeats);
  await db.$executeRaw(Prisma.sql`DELETE FROM ${coins} WHERE workspace_id = ${workspaceId}::uuid`);
  await db.$executeRaw(Prisma.sql`DELETE FROM ${days} WHERE workspace_id = ${workspaceId}::uuid`);
  await db.$executeRaw(Prisma.sql`DELETE FROM ${repeats} WHERE workspace_id = ${workspaceId}::uuid`);
  await db.$executeRaw(Prisma.sql`
    INSERT INTO ${repeats} (workspace_id, word, transaction_id, prev, account_id, coins, transaction_type, status, created_at)
    SELECT t.workspace_id, r.word, t.id, r.prev, t.account_id, t.coins, t.transaction_type, t.status, t.created_at
    FROM ${Prisma.raw(tables.rows)} t CROSS JOIN LATERAL ${ROW_REPEATS} r
    WHERE t.workspace_id = ${workspaceId}::uuid AND t.search_key IS NOT NULL`);
  // By day: a pass of its own (grouped with the accounts' keys, the days would leave little to group).
  await db.$executeRaw(Prisma.sql`
    INSERT INTO ${days} (workspace_id, word, day, transaction_type, status, coins, n)
    SELECT t.workspace_id, w.word, ${ROW_DAY}, t.transaction_type, t.status, ${ROW_COIN_SET}, count(*)
    FROM ${Prisma.raw(tables.rows)} t CROSS JOIN LATERAL ${ROW_WORDS} w
    WHERE t.workspace_id = ${workspaceId}::uuid AND t.search_key IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 1, 2, 3, 4, 5, 6`);
  await rebuildFromRows(
    db,
    workspaceId,
    tables,
    (rows, counts) => Prisma.sql`
    WITH w AS MATERIALIZED (
      SELECT t.workspace_id, w.word, t.account_id, t.coin, t.coins, t.transaction_type, t.status, count(*) AS n
      FROM ${rows} t CROSS JOIN LATERAL ${ROW_WORDS} w
      WHERE t.workspace_id = ${workspaceId}::uuid AND t.search_key IS NOT NULL
      GROUP BY 1, 2, 3, 4, 5, 6, 7
    ), by_account AS (
      INSERT INTO ${counts} (workspace_id, word, account_id, coin, transaction_type, status, n)
      SELECT workspace_id, word, account_id, coin, transaction_type, status, sum(n) FROM w
      GROUP BY 1, 2, 3, 4, 5, 6
      ORDER BY 1, 2, 3, 4, 5, 6
    )
    INSERT INTO ${coins} (workspace_id, word, coin, transaction_type, status, n)
    SELECT w.workspace_id, w.word, c.coin, w.transaction_type, w.status, sum(w.n) FROM w CROSS JOIN LATERAL ${ROW_COINS} c
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5`,
  );
}
