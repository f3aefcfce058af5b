import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { matchesByName } from './search-conditions.js';
import { type CountedSearch, coinAndDates, statusType } from './search-filter-sql.js';
import { GROUP_STATUSES, groupStatusColumn } from './search-group-statuses.js';

// A page of a search whose matches are sparse, from the newest rows of each matching key and
// account instead of a walk of the workspace's rows (search-dense.ts, search-words.ts).

/**
 * The CTEs `units(key, shared, status, coin, n)` and `probe(id, created_at)`, after the matching
 * groups `g` (with their coin and counts by status: `matchingGroupsCte`) and accounts `accts`, run
 * only when `on` (a one-time condition): the page's candidates, the newest `first` matches of
 * each key and account, none read beyond.
 * - A unit is a matching key's rows of one status and coin that the filter keeps (its status, its
 *   coin; none of a type other than bank), with how many match, from the matching groups' counts
 *   by status (exact: for a key two values share, of the matching value only, whose rows are then
 *   checked by their names). Each is a range of the key index (migration
 *   search_key_index_status_coin), read index-only, as many entries as match and at most `first`.
 *   At 10M "intermediary" + EUR + pending read each of its 1,620 keys' rows of every status and
 *   coin from the table (300,000 rows, 1.1-2.2 s) for its 492 matches.
 * - An account's rows in the filter, as many as its counts hold (`account_transaction_counts`) and
 *   at most `first`, none for an account with none (index-only: the account index holds each row's
 *   status, type and coins).
 */
export function probeCtes(ctx: Ctx, f: CountedSearch, first: number, on: Prisma.Sql): Prisma.Sql {
  const ws = Prisma.sql`${ctx.workspaceId}::uuid`;
  const none = !!f.transactionType && f.transactionType !== 'bank';
  const counts = f.status
    ? Prisma.sql`(${f.status}, m.of_status)`
    : Prisma.join(
        GROUP_STATUSES.map((st) => Prisma.sql`(${st}, ${groupStatusColumn('m', st)})`),
        ', ',
      );
  const keyProbe = (keys: Prisma.Sql, names: Prisma.Sql) => Prisma.sql`SELECT x.id, x.created_at
      FROM (SELECT * FROM units WHERE ${keys}) u CROSS JOIN LATERAL (
        SELECT t.id, t.created_at FROM transactions t
        WHERE t.workspace_id = ${ws} AND t.search_key = u.key AND t.status = u.status::transaction_status AND t.coin = u.coin AND ${names}
        ORDER BY t.created_at DESC, t.id DESC LIMIT least(${first}, u.n)
      ) x`;
  return Prisma.sql`units AS MATERIALIZED (
      SELECT m.key, bool_or(m.shared) AS shared, s.status, m.coin, sum(s.n)::bigint AS n
      FROM g m CROSS JOIN LATERAL (VALUES ${counts}) s(status, n)
      WHERE s.n > 0 AND ${Prisma.raw(String(!none))} AND ${on}
      GROUP BY m.key, s.status, m.coin
    ),
    acct_units AS MATERIALIZED (
      SELECT c.account_id AS id, sum(c.n)::bigint AS n FROM account_transaction_counts c
      WHERE c.workspace_id = ${ws} AND c.coin = ${f.coin ?? ''} AND ${statusType(f, 'c')} AND c.account_id IN (SELECT id FROM accts) AND ${on}
      GROUP BY c.account_id HAVING sum(c.n) > 0
    ),
    probe AS (
      ${keyProbe(Prisma.sql`NOT shared`, Prisma.sql`TRUE`)}
      UNION ALL
      ${keyProbe(Prisma.sql`shared`, matchesByName(f.search))}
      UNION
      SELECT x.id, x.created_at FROM acct_units a CROSS JOIN LATERAL (
        SELECT t.id, t.created_at FROM transactions t
        WHERE t.workspace_id = ${ws} AND t.account_id = a.id AND ${statusType(f, 't')} AND ${coinAndDates(f, 't', true)}
        ORDER BY t.created_at DESC, t.id DESC LIMIT least(${first}, a.n)
      ) x
    )`;
}
