import { Prisma } from '../../db/generated/prisma/client.js';

/** The free-text fields of `transactions t` as one array, each addenda line a field of its own. */
const FIELDS = Prisma.sql`ARRAY[t.reference, t.transaction_reference, t.imad, t.trace_number, t.originator_name, t.beneficiary_name] || t.addenda`;

/** The expression of the index `transactions_search_keys_idx` (migration `word_prefix_search`): a query repeats it exactly to be answered from it. */
export const SEARCH_KEYS = Prisma.sql`search_keys(${FIELDS})`;

/**
 * What `search` matches (openapi.yaml, `listTransactions`), each part on an index of its own:
 * - word prefixes in the free-text fields: the query's words are the starts of consecutive words
 *   of one field, in order. The keys of the fields (each word's first 4 characters, GIN-indexed)
 *   find the candidates; the query's pattern is matched on those only, against the fields one per
 *   line (migration `word_prefix_search`);
 * - the same in the account's email (its keys indexed on accounts);
 * - a prefix of the id (a range of the primary key), of txHash and of targetAddress, with or
 *   without their `0x` (B-trees on `lower(...)`).
 * Written `(keys OR others) AND (pattern OR others)`, which is `(keys AND pattern) OR others` as
 * the pattern implies the keys: the first clause is the scan of the indexes, which PostgreSQL then
 * does not evaluate again on each row, and the row is checked by the second, whose cost is the
 * pattern alone (recomputing the keys of every candidate cost more than finding them).
 * `search` arrives lower-cased; `%`, `_` and `\` in it are literal characters.
 */
export function searchCondition(workspaceId: string, search: string): Prisma.Sql {
  const literal = likeLiteral(search);
  const prefixes = [`${literal}%`];
  if (!search.startsWith('0x')) prefixes.push(`0x${literal}%`);
  const others = [
    Prisma.sql`t.account_id = ANY(ARRAY(SELECT a.id FROM accounts a WHERE a.workspace_id = ${workspaceId}::uuid AND ${wordPrefixes(Prisma.sql`ARRAY[a.email]`, Prisma.sql`${search}`)}))`,
    ...prefixes.map((p) => Prisma.sql`lower(t.tx_hash) LIKE ${p}`),
    ...prefixes.map((p) => Prisma.sql`lower(t.target_address) LIKE ${p}`),
  ];
  const ids = uuidPrefixRange(search);
  if (ids) others.push(Prisma.sql`t.id BETWEEN ${ids.from}::uuid AND ${ids.to}::uuid`);
  const keys = Prisma.sql`${SEARCH_KEYS} @@ search_key_query(${search})`;
  return Prisma.sql`((${Prisma.join([keys, ...others], ' OR ')}) AND (${Prisma.join([pattern(FIELDS, Prisma.sql`${search}`), ...others], ' OR ')}))`;
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
