// The transactions export as it was before the batches were formatted by the database (commit
// dacc9aa): the DTO of the JSON list, then the columns below over it. Kept as the oracle the
// golden test (test/export/export-golden.test.ts) compares the export's bytes with.
import type { Ctx } from '../../src/core/context.js';
import type { CsvColumns } from '../../src/core/export/csv.js';
import { csvChunks } from '../../src/core/export/csv-export.js';
import { resolveTransactionFilter, type TransactionFilter, transactionWhere } from '../../src/core/transactions/transaction-filter.js';
import { selectTransactionRows, type TransactionDto, toTransactionDto } from '../../src/core/transactions/transaction-row.js';
import { validateQuery } from '../../src/core/validation/validators.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import type { LooseTransaction } from './loose-transaction.js';

type Bank = NonNullable<LooseTransaction['bankTransactionDetails']>;
type Crypto = NonNullable<LooseTransaction['cryptoTransactionDetails']>;
type Trade = NonNullable<LooseTransaction['tradeTransactionDetails']>;

const bank = (t: LooseTransaction): Partial<Bank> => t.bankTransactionDetails ?? {};
const crypto = (t: LooseTransaction): Partial<Crypto> => t.cryptoTransactionDetails ?? {};
const trade = (t: LooseTransaction): Partial<Trade> => t.tradeTransactionDetails ?? {};
/** The one details object a transaction has, for the fields the three share. */
const details = (t: LooseTransaction) => t.bankTransactionDetails ?? t.cryptoTransactionDetails ?? t.tradeTransactionDetails;

/**
 * The columns of the transactions export (openapi.yaml `exportTransactions`): the contract's
 * `Transaction` flattened, read from the same DTO the JSON list answers, so a cell can only hold
 * what the API would have said. Fields the three details objects share (`type`, `fee`, and `coin`,
 * `amount`, `total` for bank and crypto) share a column.
 */
const DTO_COLUMNS: CsvColumns<LooseTransaction> = [
  ['id', (t) => t.id],
  ['createdAt', (t) => t.createdAt],
  ['reference', (t) => t.reference],
  ['accountId', (t) => t.accountId],
  ['accountEmail', (t) => t.account.email],
  ['transactionType', (t) => t.transactionType],
  ['coins', (t) => t.coins.join(' ')],
  ['status', (t) => t.status],
  ['statusReason', (t) => t.statusReason],
  ['statusUpdatedAt', (t) => t.statusHistory[0]?.date],
  ['type', (t) => details(t)?.type],
  ['coin', (t) => (t.bankTransactionDetails ?? t.cryptoTransactionDetails)?.coin],
  ['amount', (t) => (t.bankTransactionDetails ?? t.cryptoTransactionDetails)?.amount],
  ['fee', (t) => details(t)?.fee],
  ['total', (t) => (t.bankTransactionDetails ?? t.cryptoTransactionDetails)?.total],
  ['instrumentType', (t) => bank(t).instrumentType],
  ['transactionReference', (t) => bank(t).transactionReference],
  ['imad', (t) => bank(t).imad],
  ['traceNumber', (t) => bank(t).traceNumber],
  ['originatorName', (t) => bank(t).originatorName],
  ['addenda', (t) => bank(t).addenda?.join('\n')],
  ['senderAccountNumber', (t) => bank(t).senderAccountNumber],
  ['senderRoutingNumber', (t) => bank(t).senderRoutingNumber],
  ['senderSwiftCode', (t) => bank(t).senderSwiftCode],
  ['senderIban', (t) => bank(t).senderIban],
  ['senderBankName', (t) => bank(t).senderBankName],
  ['beneficiaryName', (t) => bank(t).beneficiaryName],
  ['beneficiaryAccountNumber', (t) => bank(t).beneficiaryAccountNumber],
  ['beneficiaryRoutingNumber', (t) => bank(t).beneficiaryRoutingNumber],
  ['beneficiarySwiftCode', (t) => bank(t).beneficiarySwiftCode],
  ['beneficiaryIban', (t) => bank(t).beneficiaryIban],
  ['beneficiaryBankName', (t) => bank(t).beneficiaryBankName],
  ['network', (t) => crypto(t).network],
  ['networkFee', (t) => crypto(t).networkFee],
  ['targetAddress', (t) => crypto(t).targetAddress],
  ['txHash', (t) => crypto(t).txHash],
  ['product', (t) => trade(t).product],
  ['side', (t) => trade(t).side],
  ['quantity', (t) => trade(t).quantity],
  ['quantityCurrency', (t) => trade(t).quantityCurrency],
  ['feeCurrency', (t) => trade(t).feeCurrency],
  ['quoteQuantity', (t) => trade(t).quoteQuantity],
  ['quoteCurrency', (t) => trade(t).quoteCurrency],
  ['rate', (t) => trade(t).rate],
  ['auditAdminId', (t) => t.audit.adminId],
  ['auditAdmin', (t) => t.audit.admin],
  ['auditApiKey', (t) => t.audit.apiKey],
];

/** The rows after `after` in list order: the batch is chosen on the narrow index, then read in full (as the list did). */
async function batch(ctx: Ctx, filter: TransactionFilter, after: Position | undefined, size: number): Promise<TransactionDto[]> {
  const where = transactionWhere(filter);
  const from = after ? Prisma.sql`AND (t.created_at, t.id) < (${new Date(after.createdAt)}::timestamptz, ${after.id}::uuid)` : Prisma.empty;
  const rows = await selectTransactionRows(
    ctx.sql,
    (columns) => Prisma.sql`
    WITH page AS (
      SELECT t.id, t.created_at FROM transactions t
      WHERE ${where} ${from}
      ORDER BY t.created_at DESC, t.id DESC
      LIMIT ${size}
    )
    SELECT ${columns}
    FROM page JOIN transactions t ON t.workspace_id = ${ctx.workspaceId}::uuid AND t.id = page.id
    ORDER BY page.created_at DESC, page.id DESC`,
  );
  return rows.map(toTransactionDto);
}

interface Position {
  createdAt: string;
  id: string;
}

/** The whole file the old implementation made for `input` (the list's filters). */
export async function oldTransactionsCsv(ctx: Ctx, input: Record<string, string> = {}, batchRows = 1000): Promise<string> {
  const filter = resolveTransactionFilter(ctx, validateQuery('exportTransactions', input));
  let text = '';
  for await (const piece of csvChunks(DTO_COLUMNS, {
    size: batchRows,
    read: (after, size) => batch(ctx, filter, after, size),
    keyOf: (t: LooseTransaction): Position => ({ createdAt: t.createdAt, id: t.id }),
  }))
    text += piece;
  return text;
}
