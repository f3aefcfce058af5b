import type { SqlRunner } from '../../db/database.js';
import { Prisma } from '../../db/generated/prisma/client.js';
import type { Schemas } from '../contract.js';
import { directionOf } from '../ledger/legs.js';
import { creatorFromAudit } from './status-actor.js';
import {
  BANK_OPTIONAL,
  type ColumnValues,
  CRYPTO_OPTIONAL,
  READ_KEYS,
  type ReadKey,
  type SqlType,
  TRANSACTION_COLUMNS,
} from './transaction-columns.js';

export type TransactionDto = Schemas['Transaction'];

/** The row every read selects (list, get, after create): one shape, one mapping. */
export type TransactionRow = Pick<ColumnValues, ReadKey> & { accountEmail: string };

type Reader = Pick<Prisma.TransactionClient, '$queryRaw'> | SqlRunner;
const READ_CAST: Partial<Record<SqlType, string>> = {
  uuid: '::text',
  numeric: '::text',
  transaction_type: '::text',
  transaction_status: '::text',
};

/** `t.<column> AS "<key>"` for each key (constants of the registry only, so `raw` is safe). */
function selectColumns(keys: readonly ReadKey[]): Prisma.Sql {
  return Prisma.raw(
    keys
      .map((k) => {
        const c = TRANSACTION_COLUMNS[k];
        return `t.${c.name}${READ_CAST[c.sql] ?? ''} AS "${k}"`;
      })
      .join(', '),
  );
}

/**
 * Columns of `TransactionRow`, for `FROM transactions t`. The account's email is a subquery per row,
 * not a join: with thousands of accounts the planner would hash the whole accounts table for a
 * 100-row page where 100 primary-key probes take a fraction of that (docs/benchmarks.md, "Measurements behind code decisions").
 */
const transactionColumns = Prisma.sql`${selectColumns(READ_KEYS)}, (SELECT a.email FROM accounts a WHERE a.workspace_id = t.workspace_id AND a.id = t.account_id) AS "accountEmail"`;

/**
 * Runs a query built around `selectColumns(keys)`: the SELECT list and the row type come from the
 * same keys, so the rows are typed by construction rather than by a caller's generic.
 */
export function selectTransactions<K extends ReadKey>(
  db: Reader,
  keys: readonly K[],
  query: (columns: Prisma.Sql) => Prisma.Sql,
): Promise<Pick<ColumnValues, K>[]> {
  return run(db, query(selectColumns(keys)));
}

/** Full rows, from a query built around `transactionColumns` (with `extra` columns, such as a count). */
export function selectTransactionRows<E extends string = never>(
  db: Reader,
  query: (columns: Prisma.Sql) => Prisma.Sql,
  extra?: Record<E, Prisma.Sql>,
): Promise<(TransactionRow & Record<E, unknown>)[]> {
  const more = Object.entries<Prisma.Sql>(extra ?? {}).map(([k, sql]) => Prisma.sql`, ${sql} AS ${Prisma.raw(`"${k}"`)}`);
  return run(db, query(more.length ? Prisma.sql`${transactionColumns}${Prisma.join(more, '')}` : transactionColumns));
}

function run<R>(db: Reader, query: Prisma.Sql): Promise<R[]> {
  return typeof db === 'function' ? db<R>(query) : db.$queryRaw<R[]>(query);
}

/** Copies the keys whose values are present: optional contract fields are left out, not null. */
function present<T extends Record<string, unknown>>(obj: T): { [K in keyof T]: Exclude<T[K], null> } {
  const out: Record<string, unknown> = {};
  // for-in rather than Object.entries: no array per key, on ~4 objects per row of every page.
  for (const k in obj) {
    const v = obj[k];
    if (v !== null && v !== undefined) out[k] = v;
  }
  return out as { [K in keyof T]: Exclude<T[K], null> };
}

/** Adds the row's present values of `keys` to `out`, in that order (without an intermediate object). */
function addPresent<O extends object, K extends ReadKey>(
  out: O,
  r: TransactionRow,
  keys: readonly K[],
): O & Partial<Pick<TransactionRow, K>> {
  const o = out as O & Partial<Pick<TransactionRow, K>>;
  for (const k of keys) {
    const v = r[k];
    if (v !== null && v !== undefined) o[k] = v as (typeof o)[K];
  }
  return o;
}

/**
 * The contract's `statusHistory`, newest first: the current status (set at `updatedAt` by
 * `statusActor`), then the stored earlier ones. The first entry of a transaction whose creation
 * predates recorded actors names the creator its audit columns know (status-actor.ts).
 */
function statusHistoryOf(
  r: Pick<
    TransactionRow,
    'status' | 'statusReason' | 'updatedAt' | 'previousStatuses' | 'statusActor' | 'auditAdminId' | 'auditAdmin' | 'auditApiKey'
  >,
): TransactionDto['statusHistory'] {
  const history: TransactionDto['statusHistory'] = [
    { date: r.updatedAt.toISOString(), status: r.status, statusReason: r.statusReason, actor: r.statusActor ?? null },
  ];
  for (const [status, statusReason, date, actor] of r.previousStatuses) history.push({ date, status, statusReason, actor: actor ?? null });
  const first = history[history.length - 1] as (typeof history)[number];
  if (first.actor === null) first.actor = creatorFromAudit(r);
  return history;
}

/** The one mapping from a transaction row to the contract's `Transaction` (the variant of its type). */
export function toTransactionDto(r: TransactionRow): TransactionDto {
  if (r.transactionType === 'bank') {
    const bank: Schemas['BankTransactionDetails'] = addPresent(
      present({
        type: r.detailType as Schemas['BankTransactionDetails']['type'],
        coin: r.coin,
        amount: r.amount,
        fee: r.fee,
        total: r.total,
        instrumentType: r.instrumentType as Schemas['SimulateBankDepositRequest']['instrumentType'],
        transactionReference: r.transactionReference as string,
      }),
      r,
      BANK_OPTIONAL,
    );
    if (r.addenda?.length) bank.addenda = r.addenda;
    return { ...common(r, 'bank'), bankTransactionDetails: bank };
  }
  if (r.transactionType === 'crypto') {
    const crypto: Schemas['CryptoTransactionDetails'] = addPresent(
      present({
        type: r.detailType as Schemas['CryptoTransactionDetails']['type'],
        coin: r.coin,
        network: r.network as string,
        amount: r.amount,
        fee: r.fee,
        total: r.total,
      }),
      r,
      CRYPTO_OPTIONAL,
    );
    return { ...common(r, 'crypto'), cryptoTransactionDetails: crypto };
  }
  return {
    ...common(r, 'trade'),
    tradeTransactionDetails: {
      type: 'market',
      product: r.product as string,
      side: r.side as Schemas['CreateTradeTransactionRequest']['side'],
      quantity: r.amount,
      quantityCurrency: r.coin,
      fee: r.fee,
      feeCurrency: r.feeCurrency as string,
      quoteQuantity: r.quoteQuantity as string,
      quoteCurrency: r.quoteCurrency as string,
      rate: r.rate as string,
    },
  };
}

/** The fields every variant has, `transactionType` being the variant's. */
function common<T extends TransactionDto['transactionType']>(r: TransactionRow, transactionType: T) {
  return {
    id: r.id,
    reference: r.reference,
    accountId: r.accountId,
    createdAt: r.createdAt.toISOString(),
    transactionType,
    direction: directionOf(r.detailType),
    coins: r.coins,
    status: r.status,
    statusReason: r.statusReason,
    statusHistory: statusHistoryOf(r),
    account: { accountId: r.accountId, email: r.accountEmail },
    audit: present({ adminId: r.auditAdminId, admin: r.auditAdmin, apiKey: r.auditApiKey }),
  };
}
