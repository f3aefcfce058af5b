import type { LooseTransaction } from './loose-transaction.js';

/**
 * What `search` should match, written from openapi.yaml's description of `listTransactions`
 * rather than from the SQL: the query's words are the starts of consecutive words of one
 * free-text field (each addenda line and the account's email a field of its own), in order; or
 * the query is a prefix of the id, txHash or targetAddress, with or without their `0x`.
 */
export function matchesSearch(t: LooseTransaction, search: string): boolean {
  const q = search.toLowerCase();
  const c = t.cryptoTransactionDetails;
  if (searchTexts(t).some((x) => wordPrefixMatch(x, q))) return true;
  const ids = [t.id, c?.txHash, c?.targetAddress];
  return ids.some((x) => !!x && (x.toLowerCase().startsWith(q) || (!q.startsWith('0x') && x.toLowerCase().startsWith(`0x${q}`))));
}

/** The free-text fields a search's words match, each addenda line and the account's email a field of its own. */
export function searchTexts(t: LooseTransaction): string[] {
  const b = t.bankTransactionDetails;
  return [
    t.reference,
    b?.transactionReference,
    b?.imad,
    b?.traceNumber,
    b?.originatorName,
    b?.beneficiaryName,
    ...(b?.addenda ?? []),
    t.account.email,
  ].filter((x): x is string => !!x);
}

/** Lower-cased words: runs of letters and digits, anything else separates them. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/** The query's words are the starts of consecutive words of `field`, in order (a query without words matches nothing). */
export function wordPrefixMatch(field: string, query: string): boolean {
  const q = words(query);
  const f = words(field);
  if (!q.length) return false;
  for (let i = 0; i + q.length <= f.length; i++) {
    if (q.every((w, j) => (f[i + j] as string).startsWith(w))) return true;
  }
  return false;
}

/**
 * Whether an ISO time is within a list filter's `startDate` / `endDate` as openapi.yaml reads them:
 * a date alone is its day's first instant, a date-only end covers its whole day, an end instant is
 * included.
 */
export function inDates(createdAt: string, f: { startDate?: string; endDate?: string }): boolean {
  const t = Date.parse(createdAt);
  const day = (d: string) => Date.parse(`${d}T00:00:00Z`);
  const from = !f.startDate ? 0 : f.startDate.length === 10 ? day(f.startDate) : Date.parse(f.startDate);
  const to = !f.endDate ? Number.POSITIVE_INFINITY : f.endDate.length === 10 ? day(f.endDate) + 86_400_000 : Date.parse(f.endDate) + 1;
  return t >= from && t < to;
}
