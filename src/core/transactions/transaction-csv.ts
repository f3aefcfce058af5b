import type { CsvColumns } from '../export/csv.js';
import type { TransactionDto } from './transaction-row.js';

type Bank = NonNullable<TransactionDto['bankTransactionDetails']>;
type Crypto = NonNullable<TransactionDto['cryptoTransactionDetails']>;
type Trade = NonNullable<TransactionDto['tradeTransactionDetails']>;

const bank = (t: TransactionDto): Partial<Bank> => t.bankTransactionDetails ?? {};
const crypto = (t: TransactionDto): Partial<Crypto> => t.cryptoTransactionDetails ?? {};
const trade = (t: TransactionDto): Partial<Trade> => t.tradeTransactionDetails ?? {};
/** The one details object a transaction has, for the fields the three share. */
const details = (t: TransactionDto) => t.bankTransactionDetails ?? t.cryptoTransactionDetails ?? t.tradeTransactionDetails;

/**
 * The columns of the transactions export (openapi.yaml `exportTransactions`): the contract's
 * `Transaction` flattened, read from the same DTO the JSON list answers, so a cell can only hold
 * what the API would have said. Fields the three details objects share (`type`, `fee`, and `coin`,
 * `amount`, `total` for bank and crypto) share a column.
 */
export const TRANSACTION_CSV_COLUMNS: CsvColumns<TransactionDto> = [
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
