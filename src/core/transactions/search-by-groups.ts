import { Prisma } from '../../db/generated/prisma/client.js';
import { matchesByName, matchesNotByName, matchingGroups } from './search-conditions.js';
import type { TransactionFilter } from './transaction-filter.js';

/** A filter that is a search and nothing else: answered from the search groups (`searchOnlyPage`). */
export function isSearchOnly(f: TransactionFilter): f is TransactionFilter & { search: string } {
  return !!f.search && !f.accountId && !f.transactionType && !f.status && !f.coin && !f.range.start && !f.range.end;
}

/**
 * CTEs of a search alone: `groups(key, n, shared)`, the matching search groups (`shared`: another
 * group of the workspace has the same key, so its rows are not all theirs), and `rest(id,
 * created_at)`, the rows that match other than by their names. The total is then the groups'
 * counts plus the rest's rows, without reading the groups' rows (migration `search_groups`).
 */
function searchCtes(workspaceId: string, search: string): Prisma.Sql {
  return Prisma.sql`groups AS MATERIALIZED (
      SELECT m.key, m.n, EXISTS (
        SELECT 1 FROM search_groups o WHERE o.workspace_id = ${workspaceId}::uuid AND o.key = m.key AND o.text <> m.text
      ) AS shared
      FROM (${matchingGroups(workspaceId, search)}) m
    ), rest AS MATERIALIZED (
      SELECT t.id, t.created_at FROM transactions t
      WHERE t.workspace_id = ${workspaceId}::uuid AND ${matchesNotByName(workspaceId, search)}
    )`;
}

const TOTAL = Prisma.sql`((SELECT coalesce(sum(n), 0) FROM groups) + (SELECT count(*) FROM rest))::bigint`;

/** The exact number of transactions a search alone matches. */
export function searchOnlyTotal(workspaceId: string, search: string): Prisma.Sql {
  return Prisma.sql`WITH ${searchCtes(workspaceId, search)} SELECT ${TOTAL} AS n`;
}

/**
 * For a search alone, CTEs ending in `page(id, created_at)` (the page's rows) and `total(n)`.
 * Each matching key gives its newest `skip + take` rows from the index on (workspace_id,
 * search_key, created_at, id), index-only; a key another group shares is read with its rows'
 * names checked (its other rows do not match). The rest's rows join them, and the page is the
 * newest of all. Keys are distinct, and the rest holds no row of a matching name, so no row comes twice.
 */
export function searchOnlyPage(workspaceId: string, search: string, skip: number, take: number): Prisma.Sql {
  const ws = Prisma.sql`${workspaceId}::uuid`;
  const first = skip + take;
  return Prisma.sql`${searchCtes(workspaceId, search)}, keys AS (
      SELECT key, bool_or(shared) AS shared FROM groups GROUP BY key
    ), hits AS (
      SELECT x.id, x.created_at FROM keys k CROSS JOIN LATERAL (
        (SELECT t.id, t.created_at FROM transactions t
         WHERE t.workspace_id = ${ws} AND t.search_key = k.key AND NOT k.shared
         ORDER BY t.created_at DESC, t.id DESC LIMIT ${first})
        UNION ALL
        (SELECT t.id, t.created_at FROM transactions t
         WHERE t.workspace_id = ${ws} AND t.search_key = k.key AND k.shared AND ${matchesByName(search)}
         ORDER BY t.created_at DESC, t.id DESC LIMIT ${first})
      ) x
      UNION ALL
      SELECT id, created_at FROM rest
    ), page AS (
      SELECT id, created_at FROM hits ORDER BY created_at DESC, id DESC LIMIT ${take} OFFSET ${skip}
    ), total AS (
      SELECT ${TOTAL} AS n
    )`;
}
