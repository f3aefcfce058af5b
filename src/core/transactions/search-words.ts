import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { ALL_TIME } from './all-time.js';
import { matchesByName } from './search-conditions.js';
import { accountsAndRare, type CountedSearch, DENSE_WALK_ROWS, statusType } from './search-dense.js';
import { selectTransactionRows, type TransactionDto, toTransactionDto } from './transaction-row.js';

/**
 * The one word of a search, when it is one word of ASCII letters and digits (what people type);
 * undefined otherwise. Such a query's pattern (`search_pattern`) is this word at the start of a
 * word: it matches a row's names exactly when one of their words (`search_word_counts`) starts
 * with it. The text arrives lower-cased; an ASCII letter or digit is `[[:alnum:]]` in any locale,
 * and any other ASCII character separates words there as here.
 */
export function oneWord(search: string): string | undefined {
  if (!/^[\x20-\x7e]+$/.test(search)) return undefined;
  const words = search.split(/[^a-z0-9]+/).filter((w) => w !== '');
  return words.length === 1 ? words[0] : undefined;
}

/** The counts of a one-word search, from `search_word_counts` and the account counts. */
interface WordCounts {
  /** Another counted word starts with the query too: a row with both would be counted twice. */
  ambiguous: boolean;
  /** The rows the names match; of those, the rows of accounts whose email matches; the accounts' rows; all rows of the filter. */
  named: bigint | string;
  both: bigint | string;
  byAccount: bigint | string;
  rows: bigint | string;
}

/**
 * The counts of the word's rows under the filter, in one statement: the word counts whose word
 * starts with `word` (a range of their key: bytewise, `word` is ASCII), whether a second counted
 * word starts with it (the first found, then the next after it: two probes, however many rows the
 * first has), and the first word's rows of the accounts whose email matches (a probe per account:
 * by the range, each account's search read all of the word's counts, 400 ms for "soylent" at 10M).
 */
async function wordCounts(ctx: Ctx, f: CountedSearch, word: string): Promise<WordCounts | undefined> {
  const ws = Prisma.sql`${ctx.workspaceId}::uuid`;
  const upper = word.slice(0, -1) + String.fromCharCode(word.charCodeAt(word.length - 1) + 1);
  const words = Prisma.sql`c.workspace_id = ${ws} AND c.word >= ${word} AND c.word < ${upper} AND ${statusType(f, 'c')}`;
  const [row] = await ctx.sql<WordCounts>(Prisma.sql`
    WITH ${accountsAndRare(ctx, f)},
    first AS MATERIALIZED (SELECT min(c.word) AS w FROM search_word_counts c WHERE ${words} AND c.n > 0)
    SELECT
      EXISTS (SELECT 1 FROM search_word_counts c WHERE ${words} AND c.word > (SELECT w FROM first) AND c.n > 0) AS ambiguous,
      (SELECT coalesce(sum(c.n), 0) FROM search_word_counts c WHERE ${words}) AS named,
      (SELECT coalesce(sum(c.n), 0) FROM search_word_counts c
       WHERE ${words} AND c.word = (SELECT w FROM first) AND c.account_id IN (SELECT id FROM accts)) AS both,
      (SELECT coalesce(sum(c.n), 0) FROM account_transaction_counts c
       WHERE c.workspace_id = ${ws} AND c.coin = '' AND ${statusType(f, 'c')} AND c.account_id IN (SELECT id FROM accts)) AS "byAccount",
      (SELECT coalesce(sum(c.n), 0) FROM transaction_counts c
       WHERE c.workspace_id = ${ws} AND c.day = ${ALL_TIME}::date AND c.coin = '' AND ${statusType(f, 'c')}) AS rows`);
  return row;
}

/**
 * The counts of `f`'s matches, when it is one word (`oneWord`) that no other counted word shares a
 * start with (a row with both would be counted twice): `known`, the names' count + the matching
 * accounts' count - the rows counted in both, to which the rows matching by their other fields
 * only (`rare`) add. Undefined when these counts cannot give the total exactly.
 */
async function wordPlan(ctx: Ctx, f: CountedSearch): Promise<(WordCounts & { known: bigint }) | undefined> {
  const word = oneWord(f.search);
  if (!word) return undefined;
  const counts = await wordCounts(ctx, f, word);
  if (!counts || counts.ambiguous) return undefined;
  return { ...counts, known: BigInt(counts.named) + BigInt(counts.byAccount) - BigInt(counts.both) };
}

/** `known` + the rare rows, as SQL after `accountsAndRare`. */
const totalOf = (known: bigint) => Prisma.sql`(${known.toString()}::bigint + (SELECT count(*) FROM rare))`;

/** The rare rows counted on their own, plus `known`. */
async function withRare(ctx: Ctx, f: CountedSearch, known: bigint): Promise<number> {
  const [row] = await ctx.sql<{ n: bigint | string }>(Prisma.sql`WITH ${accountsAndRare(ctx, f)} SELECT ${totalOf(known)} AS n`);
  return Number(row?.n ?? 0);
}

/** The exact total of a one-word search from the word counts (`wordPlan`), or undefined. */
export async function wordSearchTotal(ctx: Ctx, f: CountedSearch): Promise<number | undefined> {
  const plan = await wordPlan(ctx, f);
  return plan && withRare(ctx, f, plan.known);
}

/**
 * A numbered page of a one-word search with at most a status and a type, with its exact total
 * (`wordPlan`), when its matches are dense: the page is a walk of the filter's newest rows (each
 * checked by its names and account) plus the rare rows, which reads about
 * `(skip + take) * rows / matches` rows, at most `walkRows` (none without matches by name or
 * email). Undefined when this cannot answer it
 * exactly or cheaply (`wordPlan`, sparse matches): search-dense.ts does then.
 */
export async function wordSearchPage(
  ctx: Ctx,
  f: CountedSearch,
  skip: number,
  take: number,
  walkRows = DENSE_WALK_ROWS,
): Promise<{ rows: TransactionDto[]; total: number } | undefined> {
  const plan = await wordPlan(ctx, f);
  if (!plan) return undefined;
  const matches = BigInt(plan.named) + BigInt(plan.byAccount);
  // None by name or email: the rare rows are the page, and no row need be walked.
  const walked = matches > 0n;
  if (walked && matches * BigInt(walkRows) < BigInt(skip + take) * BigInt(plan.rows)) return undefined;
  const ws = Prisma.sql`${ctx.workspaceId}::uuid`;
  const matched = Prisma.sql`(${matchesByName(f.search)} OR t.account_id IN (SELECT id FROM accts)) IS TRUE`;
  const ctes = Prisma.sql`${accountsAndRare(ctx, f)},
    walk AS (
      SELECT t.id, t.created_at FROM transactions t
      WHERE t.workspace_id = ${ws} AND ${statusType(f, 't')} AND ${matched} AND ${Prisma.raw(walked ? 'TRUE' : 'FALSE')}
      ORDER BY t.created_at DESC, t.id DESC LIMIT ${skip + take}
    ),
    page AS (
      SELECT id, created_at FROM (SELECT id, created_at FROM walk UNION ALL SELECT id, created_at FROM rare) p
      ORDER BY created_at DESC, id DESC LIMIT ${take} OFFSET ${skip}
    )`;
  const rows = await selectTransactionRows(
    ctx.sql,
    (columns) => Prisma.sql`
    WITH ${ctes}
    SELECT ${columns}
    FROM page JOIN transactions t ON t.workspace_id = ${ws} AND t.id = page.id
    ORDER BY page.created_at DESC, page.id DESC`,
    { matched: totalOf(plan.known) },
  );
  // A page past the end has no row to carry the total: count on its own then.
  const total = rows[0] ? Number(rows[0].matched) : await withRare(ctx, f, plan.known);
  return { rows: rows.map(toTransactionDto), total };
}
