import { Prisma } from '../../db/generated/prisma/client.js';
import type { Schemas } from '../contract.js';

export type TransactionDto = Schemas['Transaction'];
type HistoryEntry = Schemas['StatusHistoryEntry'];

/** The row every read selects (list, get, after create): one shape, one mapping. */
export interface TransactionRow {
  id: string;
  reference: string;
  accountId: string;
  createdAt: Date;
  transactionType: 'bank' | 'crypto' | 'trade';
  coins: string[];
  status: TransactionDto['status'];
  statusReason: string;
  statusHistory: HistoryEntry[];
  accountEmail: string;
  auditAdminId: string | null;
  auditAdmin: string | null;
  auditApiKey: boolean;
  detailType: string;
  coin: string;
  amount: string;
  fee: string;
  total: string;
  instrumentType: string | null;
  transactionReference: string | null;
  imad: string | null;
  originatorName: string | null;
  senderAccountNumber: string | null;
  senderRoutingNumber: string | null;
  senderSwiftCode: string | null;
  senderIban: string | null;
  senderBankName: string | null;
  beneficiaryAccountNumber: string | null;
  beneficiaryRoutingNumber: string | null;
  beneficiarySwiftCode: string | null;
  beneficiaryIban: string | null;
  beneficiaryBankName: string | null;
  beneficiaryName: string | null;
  traceNumber: string | null;
  addenda: string[] | null;
  network: string | null;
  networkFee: string | null;
  targetAddress: string | null;
  txHash: string | null;
  product: string | null;
  side: string | null;
  feeCurrency: string | null;
  quoteQuantity: string | null;
  quoteCurrency: string | null;
  rate: string | null;
}

/** Columns of `TransactionRow`, for `FROM transactions t JOIN accounts a ON a.id = t.account_id`. */
export const transactionColumns = Prisma.sql`
  t.id::text AS "id", t.reference, t.account_id::text AS "accountId", t.created_at AS "createdAt",
  t.transaction_type::text AS "transactionType", t.coins, t.status::text AS "status",
  t.status_reason AS "statusReason", t.status_history AS "statusHistory", a.email AS "accountEmail",
  t.audit_admin_id::text AS "auditAdminId", t.audit_admin AS "auditAdmin", t.audit_api_key AS "auditApiKey",
  t.detail_type AS "detailType", t.coin, t.amount::text AS "amount", t.fee::text AS "fee", t.total::text AS "total",
  t.instrument_type AS "instrumentType", t.transaction_reference AS "transactionReference", t.imad,
  t.originator_name AS "originatorName", t.sender_account_number AS "senderAccountNumber",
  t.sender_routing_number AS "senderRoutingNumber", t.sender_swift_code AS "senderSwiftCode",
  t.sender_iban AS "senderIban", t.sender_bank_name AS "senderBankName",
  t.beneficiary_account_number AS "beneficiaryAccountNumber", t.beneficiary_routing_number AS "beneficiaryRoutingNumber",
  t.beneficiary_swift_code AS "beneficiarySwiftCode", t.beneficiary_iban AS "beneficiaryIban",
  t.beneficiary_bank_name AS "beneficiaryBankName", t.beneficiary_name AS "beneficiaryName",
  t.trace_number AS "traceNumber", t.addenda, t.network, t.network_fee::text AS "networkFee",
  t.target_address AS "targetAddress", t.tx_hash AS "txHash", t.product, t.side, t.fee_currency AS "feeCurrency",
  t.quote_quantity::text AS "quoteQuantity", t.quote_currency AS "quoteCurrency", t.rate::text AS "rate"`;

/** Copies the keys whose values are present: optional contract fields are left out, not null. */
function present<T extends Record<string, unknown>>(obj: T): { [K in keyof T]: Exclude<T[K], null> } {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) if (v !== null && v !== undefined) out[k] = v;
  return out as { [K in keyof T]: Exclude<T[K], null> };
}

/** The one mapping from a transaction row to the contract's `Transaction`. */
export function toTransactionDto(r: TransactionRow): TransactionDto {
  const dto: TransactionDto = {
    id: r.id,
    reference: r.reference,
    accountId: r.accountId,
    createdAt: r.createdAt.toISOString(),
    transactionType: r.transactionType,
    coins: r.coins,
    status: r.status,
    statusReason: r.statusReason,
    statusHistory: r.statusHistory,
    account: { accountId: r.accountId, email: r.accountEmail },
    audit: present({ adminId: r.auditAdminId, admin: r.auditAdmin, apiKey: r.auditApiKey }),
  };
  if (r.transactionType === 'bank') {
    dto.bankTransactionDetails = present({
      type: r.detailType as 'deposit' | 'withdrawal',
      coin: r.coin,
      amount: r.amount,
      fee: r.fee,
      total: r.total,
      instrumentType: r.instrumentType as 'ach' | 'wire' | 'swift',
      transactionReference: r.transactionReference as string,
      imad: r.imad,
      originatorName: r.originatorName,
      senderAccountNumber: r.senderAccountNumber,
      senderRoutingNumber: r.senderRoutingNumber,
      senderSwiftCode: r.senderSwiftCode,
      senderIban: r.senderIban,
      senderBankName: r.senderBankName,
      beneficiaryAccountNumber: r.beneficiaryAccountNumber,
      beneficiaryRoutingNumber: r.beneficiaryRoutingNumber,
      beneficiarySwiftCode: r.beneficiarySwiftCode,
      beneficiaryIban: r.beneficiaryIban,
      beneficiaryBankName: r.beneficiaryBankName,
      beneficiaryName: r.beneficiaryName,
      traceNumber: r.traceNumber,
      addenda: r.addenda?.length ? r.addenda : null,
    });
  } else if (r.transactionType === 'crypto') {
    dto.cryptoTransactionDetails = present({
      type: r.detailType as 'deposit' | 'withdraw',
      coin: r.coin,
      network: r.network as string,
      amount: r.amount,
      fee: r.fee,
      total: r.total,
      networkFee: r.networkFee,
      targetAddress: r.targetAddress,
      txHash: r.txHash,
    });
  } else {
    dto.tradeTransactionDetails = {
      type: 'market',
      product: r.product as string,
      side: r.side as 'buy' | 'sell',
      quantity: r.amount,
      quantityCurrency: r.coin,
      fee: r.fee,
      feeCurrency: r.feeCurrency as string,
      quoteQuantity: r.quoteQuantity as string,
      quoteCurrency: r.quoteCurrency as string,
      rate: r.rate as string,
    };
  }
  return dto;
}
