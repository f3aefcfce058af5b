import { drawBank } from './bank-row.js';
import type { SeedRow } from './bulk-insert.js';
import { drawCrypto } from './crypto-row.js';
import { iso } from './iso-time.js';
import type { Rng } from './random.js';
import { ALNUM } from './reference-data.js';
import { type Status, statusHistory } from './status-model.js';
import { drawTrade } from './trade-row.js';

export interface SeedAccount {
  id: string;
  email: string;
}

/**
 * One transaction, a value for each column. Amounts, fees and totals are computed as the create
 * use cases compute them (catalog, `quoteTrade`, `fixed`). The draws happen in a fixed order
 * (kind, reference, the kind's columns, status, history): the same seed gives the same rows
 * (test/unit/seed-rows.test.ts holds their fingerprint).
 */
export function makeRow(rng: Rng, ids: Rng, workspaceId: string, account: SeedAccount, createdAt: number, now: number): SeedRow {
  const id = ids.uuid();
  const x = rng.next();
  const type = x < 0.45 ? 'bank' : x < 0.8 ? 'crypto' : 'trade';
  const reference = drawReference(rng, createdAt);
  const row = blankRow(id, workspaceId, account.id, type, reference, createdAt);
  const age = now - createdAt;
  let status: Status;
  let speed: string = type;
  if (type === 'bank') ({ status, speed } = drawBank(rng, row, reference, age, createdAt));
  else if (type === 'crypto') status = drawCrypto(rng, row, age);
  else status = drawTrade(rng, row, age);
  const history = statusHistory(rng, type, status, speed, createdAt, now);
  row.status = status;
  row.statusReason = history.reason;
  row.previousStatuses = history.json;
  row.updatedAt = history.date;
  return row;
}

/** About half the callers send their own reference: an invoice, a purchase order, an order id. */
function drawReference(rng: Rng, createdAt: number): string | null {
  const form = rng.int(5);
  if (form === 0) return `INV-${iso(createdAt).slice(0, 4)}-${rng.digits(6)}`;
  if (form === 1) return `PO-${rng.digits(5)}`;
  if (form === 2) return `order_${rng.chars(ALNUM, 10)}`;
  return null;
}

/**
 * Every column, those a kind does not use empty: the kind's draw fills its own, `makeRow` the
 * status and its history (the empty strings here are always overwritten).
 */
function blankRow(id: string, workspaceId: string, accountId: string, type: string, reference: string | null, createdAt: number): SeedRow {
  return {
    id,
    workspaceId,
    accountId,
    transactionType: type,
    reference: reference ?? '',
    coins: [],
    status: '',
    statusReason: null,
    previousStatuses: '',
    // Not recorded: the reads name the creator from the audit columns (an API key), as for old rows.
    statusActor: null,
    createdAt: iso(createdAt),
    updatedAt: '',
    auditAdminId: null,
    auditAdmin: null,
    auditApiKey: true,
    detailType: '',
    coin: '',
    amount: '',
    fee: '',
    total: '',
    instrumentType: null,
    transactionReference: null,
    imad: null,
    originatorName: null,
    senderAccountNumber: null,
    senderRoutingNumber: null,
    senderSwiftCode: null,
    senderIban: null,
    senderBankName: null,
    beneficiaryAccountNumber: null,
    beneficiaryRoutingNumber: null,
    beneficiarySwiftCode: null,
    beneficiaryIban: null,
    beneficiaryBankName: null,
    beneficiaryName: null,
    traceNumber: null,
    addenda: [],
    network: null,
    networkFee: null,
    targetAddress: null,
    txHash: null,
    product: null,
    side: null,
    feeCurrency: null,
    quoteQuantity: null,
    quoteCurrency: null,
    rate: null,
  };
}
