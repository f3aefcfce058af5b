/**
 * The SQL of a search (`search` of `listTransactions`, openapi.yaml) over `transactions t`: the
 * conditions any filter can join, the matching search groups, and the matching rows split by
 * whether their names match (search-dense.ts counts a search from those).
 */
import { Prisma } from '../../db/generated/prisma/client.js';

/** The free-text fields of `transactions t` each value of which is rare: the word keys index holds them. */
const OTHER_FIELDS = Prisma.sql`ARRAY[t.reference, t.transaction_reference, t.imad, t.trace_number]`;
/** The name-like fields of `transactions t`, each addenda line a field of its own: few distinct values, counted in `search_groups`. */
const NAME_FIELDS = Prisma.sql`ARRAY[t.originator_name, t.beneficiary_name] || t.addenda`;

/** The expression of the index `transactions_search_keys_idx` (migration `search_groups`): a query repeats it exactly to be answered from it. */
export const SEARCH_KEYS = Prisma.sql`search_keys(${OTHER_FIELDS})`;

/**
 * The workspace's search groups (`search_groups`: the distinct values of the name-like fields in
 * each coin) that `search` matches, as `columns` of `search_groups g` (their key unless said),
 * with `coin` only that coin's, and only those `where` keeps (a condition on `g`, checked before
 * the pattern): their word keys and coin (GIN-indexed: `search_group_keys`, migration
 * `search_group_coin_keys`) find them, the query's pattern checks them. A key is there once per
 * coin its value's rows are in.
 */
export function matchingGroups(
  workspaceId: string,
  search: string,
  columns = Prisma.sql`g.key`,
  coin?: string,
  where = Prisma.sql`TRUE`,
): Prisma.Sql {
  const q = Prisma.sql`${search}`;
  // The coin as a key of the index: `$` and the coin (a contract coin: letters and digits).
  const coinKey = coin && /^[A-Za-z0-9]+$/.test(coin) ? Prisma.sql` && ${`'$${coin}'`}::tsquery` : Prisma.empty;
  return Prisma.sql`SELECT ${columns} FROM search_groups g
    WHERE g.workspace_id = ${workspaceId}::uuid AND ${coin ? Prisma.sql`g.coin = ${coin} AND` : Prisma.empty}
      search_group_keys(g.text, g.coin) @@ (search_key_query(${q})${coinKey}) AND ${where} AND ${groupMatches(search)}`;
}

/** The ids of the workspace's accounts whose email `search` matches (their word keys indexed on accounts), as `id`. */
export function matchingAccounts(workspaceId: string, search: string): Prisma.Sql {
  return Prisma.sql`SELECT a.id FROM accounts a
    WHERE a.workspace_id = ${workspaceId}::uuid AND ${wordPrefixes(Prisma.sql`ARRAY[a.email]`, Prisma.sql`${search}`)}`;
}

/**
 * A search's matching group keys and accounts, found by a statement of their own
 * (resolveSearchSets, search-sets.ts) and given to the search's statement as its values: a
 * list of values PostgreSQL checks each row against through a hash, where the same list from a
 * subquery is walked from its start for every row (15,310 keys for "soylent" at 10M: a search
 * with a coin filter rechecked 2 million rows of a lossy bitmap against it for 14 s).
 */
export interface SearchSets {
  /** search_groups keys (bigint, as text). */
  keys: string[];
  /** accounts.id whose email matches. */
  accounts: string[];
}

/**
 * What `search` matches besides the free-text fields: the account's email (its keys indexed on
 * accounts), a prefix of the id (a range of the primary key), of txHash and of targetAddress,
 * with or without their `0x` (B-trees on `lower(...)`). `%`, `_` and `\` are literal.
 */
export function otherMatches(workspaceId: string, search: string, sets?: SearchSets): Prisma.Sql[] {
  const literal = likeLiteral(search);
  const prefixes = [`${literal}%`];
  if (!search.startsWith('0x')) prefixes.push(`0x${literal}%`);
  const accounts = sets ? Prisma.sql`${sets.accounts}::uuid[]` : Prisma.sql`ARRAY(${matchingAccounts(workspaceId, search)})`;
  const others = [
    Prisma.sql`t.account_id = ANY(${accounts})`,
    ...prefixes.map((p) => Prisma.sql`lower(t.tx_hash) LIKE ${p}`),
    ...prefixes.map((p) => Prisma.sql`lower(t.target_address) LIKE ${p}`),
  ];
  const ids = uuidPrefixRange(search);
  if (ids) others.push(Prisma.sql`t.id BETWEEN ${ids.from}::uuid AND ${ids.to}::uuid`);
  return others;
}

/**
 * Whether the names of `transactions t` match `search` (NULL for a query without a word, FALSE for
 * a row without names). Only a row with names has a search key (its names' group: migration
 * `search_groups`), and the key is read before the names are: 45% of the rows have names at 10M
 * (counting a day's rows by their names 38 -> 25 ms).
 */
export function matchesByName(search: string): Prisma.Sql {
  return Prisma.sql`(t.search_key IS NOT NULL AND ${pattern(NAME_FIELDS, Prisma.sql`${search}`)})`;
}

/**
 * Whether the names of search group `g` (its `text`: a row's names one per line) match `search`,
 * as `matchesByName` checks a row's: a row whose key is that group's alone matches exactly then.
 * The text is already one string (no array to join: at 10M 15,396 groups checked 22 -> 18 ms).
 */
export function groupMatches(search: string): Prisma.Sql {
  return Prisma.sql`lower(g.text) ~ search_pattern(${search})`;
}

/**
 * What `search` matches (openapi.yaml, `listTransactions`), as one condition on `transactions t`
 * that any other filter can join: the query's words are the starts of consecutive words of one
 * free-text field, in order, or `otherMatches`. Candidates come from the indexes (the matching
 * groups' keys, the rare fields' word keys, the others'); each is checked against the query's
 * pattern over all its fields one per line (migration `word_prefix_search`), so the condition is
 * exact whatever groups share a key. With `sets` (resolveSearchSets) the keys and accounts are
 * values of the statement rather than its subqueries.
 * `search` arrives lower-cased.
 */
export function searchCondition(workspaceId: string, search: string, sets?: SearchSets): Prisma.Sql {
  const others = otherMatches(workspaceId, search, sets);
  const q = Prisma.sql`${search}`;
  const groupKeys = sets
    ? Prisma.sql`${sets.keys}::bigint[]`
    : Prisma.sql`ARRAY(SELECT m.key FROM (${matchingGroups(workspaceId, search)}) m)`;
  const groups = Prisma.sql`(t.search_key IS NOT NULL AND t.search_key = ANY(${groupKeys}))`;
  const keys = Prisma.sql`${SEARCH_KEYS} @@ search_key_query(${q})`;
  const all = Prisma.sql`${OTHER_FIELDS} || ${NAME_FIELDS}`;
  return Prisma.sql`((${Prisma.join([groups, keys, ...others], ' OR ')}) AND (${Prisma.join([pattern(all, q), ...others], ' OR ')}))`;
}

/** Whether the query's pattern (`search_pattern`) matches `fields` (an SQL text array), one field per line. */
function pattern(fields: Prisma.Sql, search: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`lower(array_to_string(${fields}, E'\\n')) ~ search_pattern(${search})`;
}

/** Word-prefix matching over `fields` (an SQL text array) in one condition: the keys, then the pattern. */
export function wordPrefixes(fields: Prisma.Sql, search: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(search_keys(${fields}) @@ search_key_query(${search}) AND ${pattern(fields, search)})`;
}

/** `%` and `_` in a search are literal characters, not patterns. */
function likeLiteral(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const UUID_TEMPLATE = 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx';

/**
 * The ids a prefix of a lower-case canonical UUID can start: every id from the prefix padded with
 * `0` to the prefix padded with `f`. Undefined when `prefix` cannot begin one (uuid order is the
 * order of its hex text, so the range holds exactly the ids with that prefix).
 */
export function uuidPrefixRange(prefix: string): { from: string; to: string } | undefined {
  if (prefix.length > UUID_TEMPLATE.length) return undefined;
  for (let i = 0; i < prefix.length; i++) {
    const c = prefix[i] as string;
    const ok = UUID_TEMPLATE[i] === '-' ? c === '-' : /[0-9a-f]/.test(c);
    if (!ok) return undefined;
  }
  const rest = UUID_TEMPLATE.slice(prefix.length);
  return { from: prefix + rest.replace(/x/g, '0'), to: prefix + rest.replace(/x/g, 'f') };
}

/**
 * The rows `search` matches by the rare free-text fields or a prefix of id, txHash or
 * targetAddress (`otherMatches` without the account emails, its first), not by their names (those
 * are counted in their groups); search-dense.ts counts the matching accounts' rows from their
 * counts. Written `(keys OR others) AND (pattern OR others)`, which is `(keys AND pattern) OR
 * others` as the pattern implies the keys: the first clause is the scan of the indexes, which
 * PostgreSQL then does not evaluate again on each row, and the row is checked by the second, whose
 * cost is the pattern alone (recomputing the keys of every candidate cost more than finding them).
 */
export function matchesRareFields(workspaceId: string, search: string): Prisma.Sql {
  const others = otherMatches(workspaceId, search).slice(1);
  const q = Prisma.sql`${search}`;
  const keys = Prisma.sql`${SEARCH_KEYS} @@ search_key_query(${q})`;
  return Prisma.sql`((${Prisma.join([keys, ...others], ' OR ')}) AND (${Prisma.join([pattern(OTHER_FIELDS, q), ...others], ' OR ')})
    AND NOT coalesce(${pattern(NAME_FIELDS, q)}, false))`;
}
