import { Prisma } from '../../db/generated/prisma/client.js';

/**
 * The free-text fields of `transactions t` as one array, each addenda line a field of its own: the
 * expression of the index `transactions_search_words_idx` (migration `word_prefix_search`), which
 * a query must repeat exactly to be answered from it.
 */
export const SEARCH_WORDS = Prisma.sql`search_words(ARRAY[t.reference, t.transaction_reference, t.imad, t.trace_number, t.originator_name, t.beneficiary_name] || t.addenda)`;

/**
 * What `search` matches (openapi.yaml, `listTransactions`), each part on an index of its own:
 * - word prefixes: the query's words (split on anything not a letter or digit) are the starts of
 *   consecutive words of one free-text field, in order (`search_words`/`search_phrase`, a GIN
 *   index over the words with their positions);
 * - the same in the account's email (a GIN index on accounts);
 * - a prefix of the id (a range of the primary key), of txHash and of targetAddress, with or
 *   without their `0x` (B-trees on `lower(...)`).
 * `search` arrives lower-cased; `%`, `_` and `\` in it are literal characters.
 */
export function searchCondition(workspaceId: string, search: string): Prisma.Sql {
  const literal = likeLiteral(search);
  const prefixes = [`${literal}%`];
  if (!search.startsWith('0x')) prefixes.push(`0x${literal}%`);
  const parts = [
    Prisma.sql`${SEARCH_WORDS} @@ search_phrase(${search})`,
    Prisma.sql`t.account_id = ANY(ARRAY(SELECT a.id FROM accounts a WHERE a.workspace_id = ${workspaceId}::uuid AND search_words(ARRAY[a.email]) @@ search_phrase(${search})))`,
    ...prefixes.map((p) => Prisma.sql`lower(t.tx_hash) LIKE ${p}`),
    ...prefixes.map((p) => Prisma.sql`lower(t.target_address) LIKE ${p}`),
  ];
  const ids = uuidPrefixRange(search);
  if (ids) parts.push(Prisma.sql`t.id BETWEEN ${ids.from}::uuid AND ${ids.to}::uuid`);
  return Prisma.sql`(${Prisma.join(parts, ' OR ')})`;
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
