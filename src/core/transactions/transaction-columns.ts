import type { Prisma, Transaction } from '../../db/generated/prisma/client.js';
import type { Schemas } from '../contract.js';

type Dto = Schemas['Transaction'];
type Bank = Schemas['BankTransactionDetails'];
type Crypto = Schemas['CryptoTransactionDetails'];

/** Who made a change, as stored and answered (`StatusActor` in openapi.yaml); null: not recorded. */
type StoredActor = Dto['statusHistory'][number]['actor'];

/**
 * A status before the current one, as stored: [status, statusReason, date (ISO 8601, UTC), actor].
 * Entries stored before actors were recorded have no 4th element.
 */
export type PreviousStatus = [Dto['status'], string, string, StoredActor?];

/** The SQL type of a column: the element type bulk inserts cast to, and how reads cast it. */
export type SqlType =
  | 'uuid'
  | 'text'
  | 'numeric'
  | 'boolean'
  | 'timestamptz'
  | 'jsonb'
  | 'text[]'
  | 'transaction_type'
  | 'transaction_status';

interface Options {
  /** Written, never read back into the contract (the workspace). */
  internal?: true;
  /** An optional string field of this details object, under the same name. */
  optionalIn?: 'bank' | 'crypto';
}

/** One column: its SQL name and type; `T` is the value a read gives (decimals are read as text). */
export type Column<T> = { name: string; sql: SqlType; readonly value?: T } & Options;

function col<T, O extends Options = Record<never, never>>(name: string, sql: SqlType, options?: O): Column<T> & O {
  return { name, sql, ...options } as Column<T> & O;
}

/** The columns written and read: all but `search_key`, which the database generates (search-groups.ts). */
type StoredTransaction = Omit<Transaction, 'searchKey'>;

/**
 * Every column of `transactions` but the generated one, in insert order: the one list the SELECT list, the row type,
 * the seed's bulk insert and GraphQL's optional fields are derived from. The checks below keep it
 * in step with `schema.prisma` (same fields, same nullability).
 */
export const TRANSACTION_COLUMNS = {
  id: col<string>('id', 'uuid'),
  workspaceId: col<string>('workspace_id', 'uuid', { internal: true }),
  accountId: col<string>('account_id', 'uuid'),
  transactionType: col<Dto['transactionType']>('transaction_type', 'transaction_type'),
  reference: col<string>('reference', 'text'),
  coins: col<string[]>('coins', 'text[]'),
  status: col<Dto['status']>('status', 'transaction_status'),
  statusReason: col<string>('status_reason', 'text'),
  previousStatuses: col<PreviousStatus[]>('previous_statuses', 'jsonb'),
  /** Who set the current status; null when not recorded (status-actor.ts). */
  statusActor: col<StoredActor>('status_actor', 'jsonb'),
  createdAt: col<Date>('created_at', 'timestamptz'),
  /** When the current status was set: the date of the newest `statusHistory` entry. */
  updatedAt: col<Date>('updated_at', 'timestamptz'),
  auditAdminId: col<string | null>('audit_admin_id', 'uuid'),
  auditAdmin: col<string | null>('audit_admin', 'text'),
  auditApiKey: col<boolean>('audit_api_key', 'boolean'),
  detailType: col<string>('detail_type', 'text'),
  coin: col<string>('coin', 'text'),
  amount: col<string>('amount', 'numeric'),
  fee: col<string>('fee', 'numeric'),
  total: col<string>('total', 'numeric'),
  instrumentType: col<string | null>('instrument_type', 'text'),
  transactionReference: col<string | null>('transaction_reference', 'text'),
  imad: col<string | null>('imad', 'text', { optionalIn: 'bank' }),
  originatorName: col<string | null>('originator_name', 'text', { optionalIn: 'bank' }),
  senderAccountNumber: col<string | null>('sender_account_number', 'text', { optionalIn: 'bank' }),
  senderRoutingNumber: col<string | null>('sender_routing_number', 'text', { optionalIn: 'bank' }),
  senderSwiftCode: col<string | null>('sender_swift_code', 'text', { optionalIn: 'bank' }),
  senderIban: col<string | null>('sender_iban', 'text', { optionalIn: 'bank' }),
  senderBankName: col<string | null>('sender_bank_name', 'text', { optionalIn: 'bank' }),
  beneficiaryAccountNumber: col<string | null>('beneficiary_account_number', 'text', { optionalIn: 'bank' }),
  beneficiaryRoutingNumber: col<string | null>('beneficiary_routing_number', 'text', { optionalIn: 'bank' }),
  beneficiarySwiftCode: col<string | null>('beneficiary_swift_code', 'text', { optionalIn: 'bank' }),
  beneficiaryIban: col<string | null>('beneficiary_iban', 'text', { optionalIn: 'bank' }),
  beneficiaryBankName: col<string | null>('beneficiary_bank_name', 'text', { optionalIn: 'bank' }),
  beneficiaryName: col<string | null>('beneficiary_name', 'text', { optionalIn: 'bank' }),
  traceNumber: col<string | null>('trace_number', 'text', { optionalIn: 'bank' }),
  addenda: col<string[]>('addenda', 'text[]'),
  network: col<string | null>('network', 'text'),
  networkFee: col<string | null>('network_fee', 'numeric', { optionalIn: 'crypto' }),
  targetAddress: col<string | null>('target_address', 'text', { optionalIn: 'crypto' }),
  txHash: col<string | null>('tx_hash', 'text', { optionalIn: 'crypto' }),
  product: col<string | null>('product', 'text'),
  side: col<string | null>('side', 'text'),
  feeCurrency: col<string | null>('fee_currency', 'text'),
  quoteQuantity: col<string | null>('quote_quantity', 'numeric'),
  quoteCurrency: col<string | null>('quote_currency', 'text'),
  rate: col<string | null>('rate', 'numeric'),
} satisfies Record<keyof StoredTransaction, Column<unknown>>;

type Columns = typeof TRANSACTION_COLUMNS;
export type ColumnKey = keyof Columns;
/** What each column holds, as a read gives it. */
export type ColumnValues = { [K in ColumnKey]: Columns[K] extends Column<infer T> ? T : never };
/** The columns a read selects (all but the internal ones). */
export type ReadKey = { [K in ColumnKey]: Columns[K] extends { internal: true } ? never : K }[ColumnKey];
type OptionalIn<D> = { [K in ColumnKey]: Columns[K] extends { optionalIn: D } ? K : never }[ColumnKey];

export const COLUMN_KEYS = Object.keys(TRANSACTION_COLUMNS) as ColumnKey[];
export const READ_KEYS = COLUMN_KEYS.filter((k) => !('internal' in TRANSACTION_COLUMNS[k])) as ReadKey[];

/** The optional fields of a details object that are columns of their own; `satisfies`: the contract has them. */
export const BANK_OPTIONAL = COLUMN_KEYS.filter((k) => optionalIn(k) === 'bank') as OptionalIn<'bank'>[] satisfies (keyof Bank)[];
export const CRYPTO_OPTIONAL = COLUMN_KEYS.filter((k) => optionalIn(k) === 'crypto') as OptionalIn<'crypto'>[] satisfies (keyof Crypto)[];

function optionalIn(k: ColumnKey): string | undefined {
  const c: Options = TRANSACTION_COLUMNS[k];
  return c.optionalIn;
}

// Compile-time: a column is nullable here exactly when schema.prisma says so (a Json column's type
// admits JSON null whatever the schema says, so the Json columns are left out of the comparison).
type JsonKeys = { [K in keyof StoredTransaction]-?: Prisma.JsonValue extends StoredTransaction[K] ? K : never }[keyof StoredTransaction];
type NullableKeys<T> = { [K in Exclude<keyof T, JsonKeys>]-?: null extends T[K] ? K : never }[Exclude<keyof T, JsonKeys>];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const nullabilityMatchesSchema: Same<NullableKeys<ColumnValues>, NullableKeys<StoredTransaction>> = true;
void nullabilityMatchesSchema;

/** The columns the ledger reads of a transaction (ledger/legs.ts `LedgerSubject`). */
export const LEDGER_KEYS = [
  'coin',
  'amount',
  'fee',
  'total',
  'side',
  'quoteQuantity',
  'quoteCurrency',
] as const satisfies readonly ReadKey[];
