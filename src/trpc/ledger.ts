import type { PathOf, QueryOf } from '../core/contract.js';
import { getAccountBalances } from '../core/ledger/get-account-balances.js';
import { getBalanceTotals } from '../core/ledger/get-balance-totals.js';
import { listAccountEntries } from '../core/ledger/list-account-entries.js';
import { listTransactionEntries } from '../core/ledger/list-transaction-entries.js';
import { router, typed } from './init.js';
import { query } from './use-case.js';

type Statement = PathOf<'listAccountEntries'> & QueryOf<'listAccountEntries'>;

/** Balances, statements and a transaction's entries (docs/api.md "Balances"). */
export const ledgerRouter = router({
  balances: query(typed<PathOf<'getAccountBalances'>>(), getAccountBalances, { accountId: '' }),
  entries: query(typed<Statement>(), (core, { accountId, ...query }) => listAccountEntries(core, { accountId, query }), { accountId: '' }),
  transactionEntries: query(typed<PathOf<'listTransactionEntries'>>(), listTransactionEntries, { transactionId: '' }),
  totals: query(typed<Record<string, never> | undefined>(), (core) => getBalanceTotals(core), {}),
});
