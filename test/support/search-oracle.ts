import type { TransactionDto } from '../../src/core/transactions/transaction-row.js';

/**
 * What `search` should match, written from openapi.yaml's description of `listTransactions`
 * rather than from the SQL: a substring (any case) of the free-text fields or the account's
 * email, or a prefix of the id, txHash or targetAddress, with or without their `0x`.
 */
export function matchesSearch(t: TransactionDto, search: string): boolean {
  const q = search.toLowerCase();
  const b = t.bankTransactionDetails;
  const c = t.cryptoTransactionDetails;
  const texts = [
    t.reference,
    b?.transactionReference,
    b?.imad,
    b?.traceNumber,
    b?.originatorName,
    b?.beneficiaryName,
    ...(b?.addenda ?? []),
    t.account.email,
  ];
  if (texts.some((x) => x?.toLowerCase().includes(q))) return true;
  const ids = [t.id, c?.txHash, c?.targetAddress];
  return ids.some((x) => !!x && (x.toLowerCase().startsWith(q) || (!q.startsWith('0x') && x.toLowerCase().startsWith(`0x${q}`))));
}
