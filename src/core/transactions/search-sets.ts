import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { ALL_TIME } from './transaction-counts.js';
import { type TransactionFilter, transactionWhere } from './transaction-filter.js';
import { matchesByName, matchingGroups, OTHER_FIELDS, pattern, prefixMatches, SEARCH_KEYS, wordPrefixes } from './transaction-search.js';

/**
 * A search's matches as sets found once per request (issue 37): the rows whose names match (the
 * keys of the matching search groups), the rows of the accounts whose email matches, and the few
 * rows that match by another field. The total with any filter is counted from them without
 * reading the rows of the large sets: a key's rows from the index on (workspace_id, search_key,
 * created_at, id), which carries the filters' columns (migration `search_covering`), an account's
 * rows from `account_transaction_counts`, and what both sets share from the same index. The page is
 * then read newest first with each row tested against the sets (hashed) when the matches are dense
 * enough that a page comes quickly, or gathered from the sets and sorted when they are few.
 */
export interface SearchSets {
  /** Keys of matching groups no other group shares: every row under them matches by name. */
  keys: string[];
  /** Keys a matching group shares with another: their rows are checked against the query's pattern. */
  shared: string[];
  /** Rows matching by name, from the groups' counts (exact). */
  named: number;
  /** Accounts of the workspace whose email matches. */
  accounts: string[];
  /** The workspace's transactions (its counts): how far a newest-first scan may run. */
  rows: number;
}

/**
 * A page is read newest first when that reads at most `scanRows` rows (or fewer than gathering
 * every match would). Tests set it to 0 or Infinity to take either plan on small data.
 */
export const searchTuning = { scanRows: 20_000 };

export async function searchSets(ctx: Ctx, search: string): Promise<SearchSets> {
  const ws = Prisma.sql`${ctx.workspaceId}::uuid`;
  const [row] = await ctx.sql<{ keys: string[] | null; shared: string[] | null; named: string; accounts: string[] | null; rows: string }>(
    Prisma.sql`WITH g AS MATERIALIZED (
      SELECT m.key, m.n, EXISTS (
        SELECT 1 FROM search_groups o WHERE o.workspace_id = ${ws} AND o.key = m.key AND o.text <> m.text
      ) AS shared FROM (${matchingGroups(ctx.workspaceId, search)}) m
    )
    SELECT (SELECT array_agg(DISTINCT key::text) FROM g WHERE NOT shared) AS keys,
           (SELECT array_agg(DISTINCT key::text) FROM g WHERE shared) AS shared,
           (SELECT coalesce(sum(n), 0) FROM g)::text AS named,
           (SELECT array_agg(a.id::text) FROM accounts a
            WHERE a.workspace_id = ${ws} AND ${wordPrefixes(Prisma.sql`ARRAY[a.email]`, Prisma.sql`${search}`)}) AS accounts,
           (SELECT coalesce(sum(n), 0) FROM transaction_counts
            WHERE workspace_id = ${ws} AND coin = '' AND day = ${ALL_TIME}::date)::text AS rows`,
  );
  return {
    keys: row?.keys ?? [],
    shared: row?.shared ?? [],
    named: Number(row?.named ?? 0),
    accounts: row?.accounts ?? [],
    rows: Number(row?.rows ?? 0),
  };
}

const bigints = (a: string[]) => Prisma.sql`${a}::bigint[]`;
const uuids = (a: string[]) => Prisma.sql`${a}::uuid[]`;

/** The conditions on `transactions t` of each set (`filter` without its search is ANDed by the caller). */
function conditions(s: SearchSets, search: string) {
  const byKey = Prisma.sql`(t.search_key IS NOT NULL AND t.search_key = ANY(${bigints(s.keys)}))`;
  const byShared = Prisma.sql`(t.search_key IS NOT NULL AND t.search_key = ANY(${bigints(s.shared)}) AND ${matchesByName(search)})`;
  const byName = Prisma.sql`coalesce(${byKey} OR ${byShared}, false)`;
  const byAccount = Prisma.sql`t.account_id = ANY(${uuids(s.accounts)})`;
  const prefixes = prefixMatches(search);
  const q = Prisma.sql`${search}`;
  const keys = Prisma.sql`${SEARCH_KEYS} @@ search_key_query(${q})`;
  // The other fields: candidates from their indexes, each checked against the query's
  // pattern (`(keys OR prefixes) AND (pattern OR prefixes)`: the scan of the indexes, then the check).
  const byOther = Prisma.sql`((${Prisma.join([keys, ...prefixes], ' OR ')}) AND (${Prisma.join([pattern(OTHER_FIELDS, q), ...prefixes], ' OR ')}))`;
  return { byKey, byShared, byName, byAccount, byOther };
}

/** The filter's condition without its search (always scoped to the workspace). */
const filterOnly = (f: TransactionFilter) => transactionWhere({ ...f, search: undefined });

/** CTE `o(id, created_at)`: the rows matching only by another field (not by name, not by a matching account). */
function otherCte(f: TransactionFilter, s: SearchSets, search: string): Prisma.Sql {
  const c = conditions(s, search);
  return Prisma.sql`o AS MATERIALIZED (
      SELECT t.id, t.created_at FROM transactions t
      WHERE ${filterOnly(f)} AND ${c.byOther} AND NOT ${c.byName} AND NOT coalesce(${c.byAccount}, false)
    )`;
}

/** The exact number of rows the search and the filter match: by name + by account - both + by another field only. */
export async function searchTotal(ctx: Ctx, f: TransactionFilter, s: SearchSets, search: string): Promise<number> {
  const where = filterOnly(f);
  const c = conditions(s, search);
  const plain = !f.accountId && !f.transactionType && !f.status && !f.coin && !f.range.start && !f.range.end;
  const zero = Prisma.sql`0::bigint`;
  const count = (cond: Prisma.Sql) => Prisma.sql`(SELECT count(*) FROM transactions t WHERE ${where} AND ${cond})`;
  // By name: without a filter, the groups' counts; with one, the keys' index entries (index-only).
  const named = plain
    ? Prisma.sql`${s.named}::bigint`
    : Prisma.sql`${s.keys.length ? count(c.byKey) : zero} + ${s.shared.length ? count(c.byShared) : zero}`;
  let byAccount = zero;
  let both = zero;
  if (s.accounts.length) {
    // The accounts' rows from their counts when the filter has no dates or account of its own.
    const counted = !f.accountId && !f.range.start && !f.range.end;
    const keys = [Prisma.sql`coin = ${f.coin ?? ''}`];
    if (f.transactionType) keys.push(Prisma.sql`transaction_type = ${f.transactionType}::transaction_type`);
    if (f.status) keys.push(Prisma.sql`status = ${f.status}::transaction_status`);
    byAccount = counted
      ? Prisma.sql`(SELECT coalesce(sum(n), 0) FROM account_transaction_counts
          WHERE workspace_id = ${ctx.workspaceId}::uuid AND account_id = ANY(${uuids(s.accounts)}) AND ${Prisma.join(keys, ' AND ')})::bigint`
      : count(c.byAccount);
    both = Prisma.sql`${s.keys.length ? count(Prisma.sql`${c.byKey} AND ${c.byAccount}`) : zero}
      + ${s.shared.length ? count(Prisma.sql`${c.byShared} AND ${c.byAccount}`) : zero}`;
  }
  const [row] = await ctx.sql<{ n: string }>(
    Prisma.sql`WITH ${otherCte(f, s, search)}
      SELECT (${named} + ${byAccount} - (${both}) + (SELECT count(*) FROM o))::text AS n`,
  );
  return Number(row?.n ?? 0);
}

/**
 * CTE `page(id, created_at)` of the search's page: newest first over the filter's rows with each
 * tested against the sets when a page needs at most `searchTuning.scanRows` of them (`rows` / `total`
 * per match), otherwise every match gathered from the sets (at most about as many) and sorted.
 */
export function searchPageCte(f: TransactionFilter, s: SearchSets, search: string, total: number, skip: number, take: number): Prisma.Sql {
  const where = filterOnly(f);
  const c = conditions(s, search);
  const first = skip + take;
  const order = Prisma.sql`ORDER BY created_at DESC, id DESC LIMIT ${take} OFFSET ${skip}`;
  const dense = total > 0 && (first * s.rows) / total <= Math.max(searchTuning.scanRows, total);
  if (dense) {
    // Tested as one opaque condition, so the plan is the filter's newest-first index, not the sets'.
    const any = Prisma.join(
      [
        ...(s.keys.length ? [c.byKey] : []),
        ...(s.shared.length ? [c.byShared] : []),
        ...(s.accounts.length ? [c.byAccount] : []),
        Prisma.sql`t.id IN (SELECT id FROM o)`,
      ],
      ' OR ',
    );
    return Prisma.sql`${otherCte(f, s, search)}, page AS (
      SELECT t.id, t.created_at FROM transactions t WHERE ${where} AND coalesce(${any}, false)
      ORDER BY t.created_at DESC, t.id DESC LIMIT ${take} OFFSET ${skip}
    )`;
  }
  const parts = [
    ...(s.keys.length ? [Prisma.sql`SELECT t.id, t.created_at FROM transactions t WHERE ${where} AND ${c.byKey}`] : []),
    ...(s.shared.length ? [Prisma.sql`SELECT t.id, t.created_at FROM transactions t WHERE ${where} AND ${c.byShared}`] : []),
    ...(s.accounts.length
      ? [Prisma.sql`SELECT t.id, t.created_at FROM transactions t WHERE ${where} AND ${c.byAccount} AND NOT ${c.byName}`]
      : []),
    Prisma.sql`SELECT id, created_at FROM o`,
  ];
  return Prisma.sql`${otherCte(f, s, search)}, hits AS (${Prisma.join(parts, ' UNION ALL ')}), page AS (
      SELECT id, created_at FROM hits ${order}
    )`;
}
