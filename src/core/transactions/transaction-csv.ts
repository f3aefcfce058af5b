import { Prisma } from '../../db/generated/prisma/client.js';

/**
 * The columns of the transactions export (openapi.yaml `exportTransactions`): the contract's
 * `Transaction` flattened, as SQL over `transactions t` giving each cell's text exactly as the
 * JSON list says it (`toTransactionDto`: decimals as stored, times as `Date#toISOString`, a
 * details field only on its own type, absent fields empty). Fields the three details objects share
 * (`type`, `fee`, and `coin`, `amount`, `total` for bank and crypto) share a column.
 * `test/export/export-golden.test.ts` compares every cell with the DTO's on awkward data.
 */
const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const when = (types: string, value: string) => `CASE WHEN t.transaction_type IN (${types}) THEN ${value} END`;
const bank = (value: string) => when(`'bank'`, value);
const crypto = (value: string) => when(`'crypto'`, value);
const trade = (value: string) => when(`'trade'`, value);
const bankOrCrypto = (value: string) => when(`'bank', 'crypto'`, value);

const COLUMNS: readonly (readonly [header: string, sql: string])[] = [
  ['id', 't.id::text'],
  ['createdAt', ISO('t.created_at')],
  ['reference', 't.reference'],
  ['accountId', 't.account_id::text'],
  // `accounts a` joined by the batch's query: for 1,000 rows a join, where the planner may hash the
  // workspace's accounts, took 46 ms against 80 ms for a subquery per row (docs/benchmarks.md, "Export").
  ['accountEmail', 'a.email'],
  ['transactionType', 't.transaction_type::text'],
  ['coins', `array_to_string(t.coins, ' ', '')`],
  ['status', 't.status::text'],
  ['statusReason', 't.status_reason'],
  ['statusUpdatedAt', ISO('t.updated_at')],
  ['type', `CASE WHEN t.transaction_type = 'trade' THEN 'market' ELSE t.detail_type END`],
  ['coin', bankOrCrypto('t.coin')],
  ['amount', bankOrCrypto('t.amount::text')],
  ['fee', 't.fee::text'],
  ['total', bankOrCrypto('t.total::text')],
  ['instrumentType', bank('t.instrument_type')],
  ['transactionReference', bank('t.transaction_reference')],
  ['imad', bank('t.imad')],
  ['traceNumber', bank('t.trace_number')],
  ['originatorName', bank('t.originator_name')],
  ['addenda', bank(`array_to_string(t.addenda, E'\\n', '')`)],
  ['senderAccountNumber', bank('t.sender_account_number')],
  ['senderRoutingNumber', bank('t.sender_routing_number')],
  ['senderSwiftCode', bank('t.sender_swift_code')],
  ['senderIban', bank('t.sender_iban')],
  ['senderBankName', bank('t.sender_bank_name')],
  ['beneficiaryName', bank('t.beneficiary_name')],
  ['beneficiaryAccountNumber', bank('t.beneficiary_account_number')],
  ['beneficiaryRoutingNumber', bank('t.beneficiary_routing_number')],
  ['beneficiarySwiftCode', bank('t.beneficiary_swift_code')],
  ['beneficiaryIban', bank('t.beneficiary_iban')],
  ['beneficiaryBankName', bank('t.beneficiary_bank_name')],
  ['network', crypto('t.network')],
  ['networkFee', crypto('t.network_fee::text')],
  ['targetAddress', crypto('t.target_address')],
  ['txHash', crypto('t.tx_hash')],
  ['product', trade('t.product')],
  ['side', trade('t.side')],
  ['quantity', trade('t.amount::text')],
  ['quantityCurrency', trade('t.coin')],
  ['feeCurrency', trade('t.fee_currency')],
  ['quoteQuantity', trade('t.quote_quantity::text')],
  ['quoteCurrency', trade('t.quote_currency')],
  ['rate', trade('t.rate::text')],
  ['auditAdminId', 't.audit_admin_id::text'],
  ['auditAdmin', 't.audit_admin'],
  ['auditApiKey', 't.audit_api_key'],
];

export const TRANSACTION_CSV_HEADERS: readonly string[] = COLUMNS.map(([header]) => header);

/**
 * One JSON array per row of `transactions t` joined with its `accounts a`: the cells in
 * `TRANSACTION_CSV_HEADERS` order, then the row's exact `created_at` as text (the keyset position,
 * to the microsecond). Constants only, so `raw` is safe.
 */
export const TRANSACTION_CSV_ROW = Prisma.raw(`json_build_array(${COLUMNS.map(([, sql]) => sql).join(', ')}, t.created_at::text)`);
