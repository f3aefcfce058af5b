import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { type CountedSearch, coinAndDates, statusType } from './search-dense.js';
import { ROW_WORDS } from './search-row-words.js';

// Several counted words starting with a one-word query (search-words.ts): "chen" starts "chen" and
// "chen0niqp2". The counts of all of them count a row holding two of them twice; the rows that
// hold a word other than the first (the accounts holding one, read) tell by how much.

/** At most this many other words, held by at most this many accounts, are read; beyond, the counts do not answer. */
export const MAX_OTHER_WORDS = 20;
export const MAX_OTHER_ACCOUNTS = 20;

/**
 * The CTEs `others(word)`, the counted words after the first (`first_word`) that start with `word`
 * (up to `upper`), any coin, type or status, and `overlap(account_id, extra)`: each row of the
 * filter whose account holds one of them, with how many times more than once the counts count it
 * (its words starting with `word`, less one). Read only when they are few (`fixable`); a row holding
 * two such words holds one after the first, so its account is one of those read.
 */
export function overlapCtes(ctx: Ctx, f: CountedSearch, word: string, upper: string): Prisma.Sql {
  const ws = Prisma.sql`${ctx.workspaceId}::uuid`;
  return Prisma.sql`others AS MATERIALIZED (
      SELECT DISTINCT c.word FROM search_word_coin_counts c
      WHERE c.workspace_id = ${ws} AND c.word > (SELECT w FROM first_word) AND c.word < ${upper} AND c.n > 0
      LIMIT ${MAX_OTHER_WORDS + 1}
    ),
    other_accounts AS MATERIALIZED (
      SELECT DISTINCT c.account_id FROM search_word_counts c
      WHERE c.workspace_id = ${ws} AND c.word IN (SELECT word FROM others) AND c.n > 0
      LIMIT ${MAX_OTHER_ACCOUNTS + 1}
    ),
    fixable AS MATERIALIZED (
      SELECT (SELECT count(*) FROM others) <= ${MAX_OTHER_WORDS} AND (SELECT count(*) FROM other_accounts) <= ${MAX_OTHER_ACCOUNTS} AS ok
    ),
    overlap AS MATERIALIZED (
      SELECT account_id, extra FROM (
        SELECT t.account_id, (SELECT count(*) FROM ${ROW_WORDS} w WHERE w.word >= ${word} AND w.word < ${upper}) - 1 AS extra
        FROM transactions t
        WHERE t.workspace_id = ${ws} AND t.account_id IN (SELECT account_id FROM other_accounts) AND t.search_key IS NOT NULL
          AND ${statusType(f, 't', true)} AND ${coinAndDates(f, 't')} AND (SELECT ok FROM fixable)
      ) o WHERE extra > 0
    )`;
}
