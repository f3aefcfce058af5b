import { Prisma } from '../../db/generated/prisma/client.js';
import { GROUP_TEXT, rebuildFromRows, type SearchGroupTables } from './search-groups.js';
import type { CountChange, RawExecutor } from './transaction-counts.js';

type Tx = Prisma.TransactionClient;

/**
 * The distinct words of the name-like fields of `transactions t`, as `word`: the runs of letters
 * and digits of their lower-cased text, split as the search's pattern (`search_pattern`) reads
 * them, so a one-word query matches a row's names exactly when it starts one of these words.
 */
const ROW_WORDS = Prisma.sql`(
  SELECT DISTINCT x AS word FROM regexp_split_to_table(lower(${GROUP_TEXT}), '[^[:alnum:]]+') AS x WHERE x <> ''
)`;

/**
 * Applies `changes` (a creation: +1 to its status; a status change: -1 to the old one, +1 to the
 * new one) to the counts of each word of the transaction's names (`search_word_counts`, migration
 * `search_word_counts`), in the writer's database transaction. Rows locked in word and status
 * order, so two writers of one account cannot deadlock on them.
 */
export async function bumpSearchWordCounts(
  tx: Tx,
  workspaceId: string,
  transactionId: string,
  changes: readonly CountChange[],
): Promise<void> {
  const statuses = changes.map(([status]) => status);
  const deltas = changes.map(([, delta]) => delta);
  await tx.$executeRaw`
    INSERT INTO search_word_counts (workspace_id, word, account_id, transaction_type, status, n)
    SELECT t.workspace_id, w.word, t.account_id, t.transaction_type, ch.status, ch.delta
    FROM transactions t
      CROSS JOIN LATERAL ${ROW_WORDS} w
      CROSS JOIN unnest(${statuses}::transaction_status[], ${deltas}::int[]) AS ch(status, delta)
    WHERE t.workspace_id = ${workspaceId}::uuid AND t.id = ${transactionId}::uuid AND t.search_key IS NOT NULL
    ORDER BY w.word, ch.status
    ON CONFLICT (workspace_id, word, account_id, transaction_type, status) DO UPDATE SET n = search_word_counts.n + EXCLUDED.n`;
}

/**
 * Rebuilds a workspace's word counts from its rows (after a bulk load, or to repair). `tables`:
 * the live ones unless a seed counts the rows it builds aside (`groups` names the counts' table).
 */
export async function rebuildSearchWordCounts(
  db: RawExecutor,
  workspaceId: string,
  tables: SearchGroupTables = { rows: 'transactions', groups: 'search_word_counts' },
): Promise<void> {
  await rebuildFromRows(
    db,
    workspaceId,
    tables,
    (rows, counts) => Prisma.sql`
    INSERT INTO ${counts} (workspace_id, word, account_id, transaction_type, status, n)
    SELECT t.workspace_id, w.word, t.account_id, t.transaction_type, t.status, count(*)
    FROM ${rows} t CROSS JOIN LATERAL ${ROW_WORDS} w
    WHERE t.workspace_id = ${workspaceId}::uuid AND t.search_key IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5`,
  );
}
