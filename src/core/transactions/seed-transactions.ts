import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { AppError } from '../errors.js';
import { addressValid, BANK_FEES, CRYPTO_ROUTES, PRICES, routingNumberValid, scaleOf } from './catalog.js';
import { cryptoRoute } from './create-crypto-transaction.js';
import { quoteTrade } from './create-trade-transaction.js';
import { searchTextOf } from './insert-transaction.js';
import { Decimal, fixed } from './money.js';
import { rebuildCounts } from './transaction-counts.js';

export interface SeedTransactionsOptions {
  /** How many transactions to add. */
  transactions: number;
  /** How many accounts to create and spread them over (default max(10, transactions / 1000)). */
  accounts?: number;
  /** The same seed gives the same data (default 1). */
  seed?: number;
  /** Rows per INSERT statement (default 10,000). */
  batchSize?: number;
  /** Called after each batch. */
  onProgress?: (done: number, total: number) => void;
}

export interface SeedTransactionsResult {
  workspaceId: string;
  accounts: number;
  transactions: number;
}

// ---------------------------------------------------------------------------------------------
// Deterministic randomness: cyrb128 turns a string into 128 bits, sfc32 draws from them. The data
// stream depends on the seed only (two workspaces seeded alike hold the same data); ids come from a
// second stream that also depends on the workspace, so they never collide across workspaces.

function cyrb128(str: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** A small seeded generator (sfc32): uint32s, floats in [0, 1), picks. */
class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  constructor(key: string) {
    [this.a, this.b, this.c, this.d] = cyrb128(key);
    for (let i = 0; i < 12; i++) this.u32();
  }
  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }
  next(): number {
    return this.u32() / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  digits(n: number): string {
    let out = '';
    for (let left = n; left > 0; left -= 9) {
      const k = Math.min(left, 9);
      out += String(this.int(10 ** k)).padStart(k, '0');
    }
    return out;
  }
  hex(n: number): string {
    let out = '';
    for (let i = 0; i < n; i += 8) {
      const x = this.u32();
      out += HEX[x >>> 24]! + HEX[(x >>> 16) & 255]! + HEX[(x >>> 8) & 255]! + HEX[x & 255]!;
    }
    return n % 8 ? out.slice(0, n) : out;
  }
  chars(alphabet: string, n: number): string {
    let out = '';
    for (let i = 0; i < n; i++) out += alphabet[this.int(alphabet.length)];
    return out;
  }
  /** A version 4 UUID, like the ones the service issues. */
  uuid(): string {
    const h = this.hex(32);
    const variant = ((Number.parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
  /** Log-uniform between min and max: small amounts are common, large ones rare. */
  logUniform(min: number, max: number): number {
    return Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min)));
  }
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
}

// ---------------------------------------------------------------------------------------------
// Reference data of the demo: people, companies, banks.

const FIRST = [
  'olivia',
  'liam',
  'emma',
  'noah',
  'ava',
  'mateo',
  'sofia',
  'lucas',
  'mia',
  'ethan',
  'zoe',
  'omar',
  'yuki',
  'priya',
  'chen',
  'amara',
];
const LAST = [
  'smith',
  'garcia',
  'chen',
  'patel',
  'kim',
  'novak',
  'silva',
  'okafor',
  'muller',
  'rossi',
  'haddad',
  'tanaka',
  'nguyen',
  'johansson',
];
const DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example'];
const COMPANIES = [
  'Northwind Traders',
  'Acme Widgets Inc',
  'Globex Corporation',
  'Initech LLC',
  'Umbrella Health',
  'Stark Industries',
  'Wayne Logistics',
  'Hooli Inc',
  'Vandelay Imports',
  'Soylent Foods',
  'Pied Piper Systems',
  'Tyrell Biotech',
  'Cyberdyne Robotics',
  'Oceanic Airlines',
  'Blue Sun Energy',
  'Monarch Payroll Services',
];
/** Banks that credit the account on behalf of the real sender (SPEC 2.5: originatorName is the intermediary). */
const INTERMEDIARIES = [
  'First Intermediary Bank NA',
  'Lead Bank',
  'Evolve Bank & Trust',
  'Column NA',
  'Cross River Bank',
  'Choice Financial Group',
];
/** Real ABA routing numbers (they pass the checksum) with their bank. */
const US_BANKS: [routing: string, name: string][] = [
  ['021000021', 'JPMorgan Chase Bank'],
  ['026009593', 'Bank of America'],
  ['121000248', 'Wells Fargo Bank'],
  ['011000138', 'Bank of America New England'],
  ['091000019', 'Wells Fargo Bank Minnesota'],
  ['031100209', 'Citibank Delaware'],
];
/** SWIFT banks with the IBAN country and length of their country. */
const SWIFT_BANKS: [bic: string, name: string, country: string, bban: number][] = [
  ['DEUTDEFF', 'Deutsche Bank', 'DE', 18],
  ['COBADEFF', 'Commerzbank', 'DE', 18],
  ['BNPAFRPP', 'BNP Paribas', 'FR', 23],
  ['BARCGB22', 'Barclays Bank', 'GB', 18],
  ['HSBCGB2L', 'HSBC UK Bank', 'GB', 18],
  ['INGBNL2A', 'ING Bank', 'NL', 14],
];
const ENTRY_DESCRIPTIONS = ['PAYROLL', 'INVOICE', 'REFUND', 'SETTLEMENT', 'DIVIDEND', 'TRANSFER'];
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

for (const [routing] of US_BANKS) if (!routingNumberValid(routing)) throw new Error(`seed data: bad routing number ${routing}`);

/** An IBAN with correct check digits (ISO 13616 mod 97) and a numeric BBAN. */
function iban(rng: Rng, country: string, bbanLength: number): string {
  const bban = rng.digits(bbanLength);
  const rearranged = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rem = 0;
  for (const ch of rearranged) rem = (rem * 10 + Number(ch)) % 97;
  return `${country}${String(98 - rem).padStart(2, '0')}${bban}`;
}

const capitalized = (s: string) => `${s[0]?.toUpperCase()}${s.slice(1)}`;
const FIRST_NAMES = FIRST.map(capitalized);
const LAST_NAMES = LAST.map(capitalized);

function personName(rng: Rng): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}

/** A withdrawal address in the network's own format (it passes the create use case's check). */
function address(rng: Rng, network: string): string {
  switch (network) {
    case 'bitcoin':
      return `bc1q${rng.chars(BECH32, 38)}`;
    case 'solana':
      return rng.chars(BASE58, 44);
    case 'tron':
      return `T${rng.chars(BASE58, 33)}`;
    default:
      return `0x${rng.hex(40)}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Statuses: a transaction's path to its status, newest first, and how long each step takes.

type Status = 'pending' | 'processing' | 'completed' | 'failed' | 'canceled' | 'returned';

const PATHS: Record<Status, Status[]> = {
  pending: ['pending'],
  processing: ['processing', 'pending'],
  completed: ['completed', 'processing', 'pending'],
  failed: ['failed', 'processing', 'pending'],
  canceled: ['canceled', 'pending'],
  returned: ['returned', 'completed', 'processing', 'pending'],
};

/** Status reasons as the bank, the chain or the exchange would give them. */
const REASONS: Record<'bank' | 'crypto' | 'trade', Record<Status, string[]>> = {
  bank: {
    pending: ['created'],
    processing: ['sent to the bank'],
    completed: ['settled'],
    failed: ['rejected by the receiving institution', 'beneficiary account closed', 'compliance review failed'],
    canceled: ['canceled by the customer', 'canceled by an admin'],
    returned: ['R01 insufficient funds', 'R03 no account / unable to locate', 'R04 invalid account number'],
  },
  crypto: {
    pending: ['created'],
    processing: ['broadcast to the network'],
    completed: ['confirmed'],
    failed: ['network fee too low', 'transaction reverted', 'compliance review failed'],
    canceled: ['canceled by the customer', 'canceled by an admin'],
    returned: [],
  },
  trade: {
    pending: ['created'],
    processing: ['order accepted'],
    completed: ['filled'],
    failed: ['insufficient funds', 'price moved beyond the limit'],
    canceled: ['canceled by the customer'],
    returned: [],
  },
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** [to processing, to a final status, to returned] in ms, for a kind of transaction. */
function stepDurations(rng: Rng, kind: string): [number, number, number] {
  switch (kind) {
    case 'ach':
      return [rng.between(10 * MINUTE, HOUR), rng.between(DAY, 2 * DAY), rng.between(2 * DAY, 5 * DAY)];
    case 'wire':
      return [rng.between(5 * MINUTE, 30 * MINUTE), rng.between(HOUR, 4 * HOUR), rng.between(DAY, 3 * DAY)];
    case 'swift':
      return [rng.between(30 * MINUTE, 2 * HOUR), rng.between(DAY, 3 * DAY), rng.between(2 * DAY, 6 * DAY)];
    case 'crypto':
      return [rng.between(MINUTE, 5 * MINUTE), rng.between(5 * MINUTE, HOUR), 0];
    default:
      return [rng.between(200, 2000), rng.between(200, 2000), 0];
  }
}

/** Recent transactions are often still moving; old ones have mostly reached a final status. */
function statusFor(rng: Rng, ageMs: number, bank: boolean): Status {
  const x = rng.next();
  if (ageMs < 3 * DAY) {
    if (x < 0.25) return 'pending';
    if (x < 0.45) return 'processing';
    if (x < 0.9) return 'completed';
    if (x < 0.94) return 'failed';
    return 'canceled';
  }
  if (x < 0.015) return 'pending';
  if (x < 0.03) return 'processing';
  if (x < 0.09) return 'failed';
  if (x < 0.16) return 'canceled';
  if (x < 0.2 && bank) return 'returned';
  return 'completed';
}

// ---------------------------------------------------------------------------------------------
// Times: `Date#toISOString` is a large share of the work at a million rows; the same text, built
// from cached day prefixes and digit tables.

const PAD2 = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const PAD3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
const dayPrefixes = new Map<number, string>();

/** `new Date(ms).toISOString()` for times after 1970. */
function iso(ms: number): string {
  const day = Math.floor(ms / DAY);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY).toISOString().slice(0, 11);
    dayPrefixes.set(day, prefix);
  }
  let t = ms - day * DAY;
  const milli = t % 1000;
  t = (t - milli) / 1000;
  const sec = t % 60;
  t = (t - sec) / 60;
  const min = t % 60;
  const hour = (t - min) / 60;
  return `${prefix}${PAD2[hour]}:${PAD2[min]}:${PAD2[sec]}.${PAD3[milli]}Z`;
}

// ---------------------------------------------------------------------------------------------
// Rows

/** The columns written, in order, with the SQL type of the array each is sent as. */
const COLUMNS: [column: string, type: string][] = [
  ['id', 'uuid'],
  ['workspace_id', 'uuid'],
  ['account_id', 'uuid'],
  ['transaction_type', 'transaction_type'],
  ['reference', 'text'],
  ['coins', 'text'], // elements joined by U+001D, split below
  ['status', 'transaction_status'],
  ['status_reason', 'text'],
  ['status_history', 'jsonb'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['audit_api_key', 'boolean'],
  ['search_text', 'text'],
  ['detail_type', 'text'],
  ['coin', 'text'],
  ['amount', 'numeric'],
  ['fee', 'numeric'],
  ['total', 'numeric'],
  ['instrument_type', 'text'],
  ['transaction_reference', 'text'],
  ['imad', 'text'],
  ['originator_name', 'text'],
  ['sender_account_number', 'text'],
  ['sender_routing_number', 'text'],
  ['sender_swift_code', 'text'],
  ['sender_iban', 'text'],
  ['sender_bank_name', 'text'],
  ['beneficiary_account_number', 'text'],
  ['beneficiary_routing_number', 'text'],
  ['beneficiary_swift_code', 'text'],
  ['beneficiary_iban', 'text'],
  ['beneficiary_bank_name', 'text'],
  ['beneficiary_name', 'text'],
  ['trace_number', 'text'],
  ['addenda', 'text'], // elements joined by U+001D, split below
  ['network', 'text'],
  ['network_fee', 'numeric'],
  ['target_address', 'text'],
  ['tx_hash', 'text'],
  ['product', 'text'],
  ['side', 'text'],
  ['fee_currency', 'text'],
  ['quote_quantity', 'numeric'],
  ['quote_currency', 'text'],
  ['rate', 'numeric'],
];

const ARRAY_COLUMNS = new Set(['coins', 'addenda']);

/**
 * Each column travels as one text parameter: its values joined by the unit separator (U+001F),
 * NULL spelled U+001E, split back by `string_to_array` and cast to the column's array type. No
 * value needs quoting or escaping (the generated values hold no control characters), which makes
 * this much cheaper than binding arrays element by element. The text[] columns (coins, addenda)
 * are arrays of arrays: their elements are joined by U+001D inside the value and split per row.
 */
const SEP = '\u001f';
const NULL_MARK = '\u001e';
const INNER_SEP = '\u001d';

/** `INSERT ... SELECT FROM unnest(...)`: one parameter per column, one row per element. */
const INSERT_SQL = `INSERT INTO transactions (${COLUMNS.map(([c]) => c).join(', ')})
SELECT ${COLUMNS.map(([c]) => (ARRAY_COLUMNS.has(c) ? `string_to_array(u.${c}, E'\\x1d')` : `u.${c}`)).join(', ')}
FROM unnest(${COLUMNS.map(([, t], i) => `string_to_array($${i + 1}, E'\\x1f', E'\\x1e')::${t}[]`).join(', ')})
  AS u(${COLUMNS.map(([c]) => c).join(', ')})
ON CONFLICT (id) DO NOTHING`;

type Value = string | boolean | null;

function columnText(rows: Value[][], index: number): string {
  const parts = new Array<string>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const v = (rows[r] as Value[])[index];
    parts[r] = v === null || v === undefined ? NULL_MARK : v === true ? 't' : v === false ? 'f' : v;
  }
  return parts.join(SEP);
}

interface SeedAccount {
  id: string;
  email: string;
}

const zero = (currency: string) => fixed(new Decimal(0), currency);
/** An amount drawn log-uniformly, as a Decimal at the currency's scale (or coarser). */
function amount(rng: Rng, min: number, max: number, currency: string, places = scaleOf(currency)): Decimal {
  return new Decimal(rng.logUniform(min, max).toFixed(Math.min(places, scaleOf(currency))));
}

const CRYPTO_RANGES: Record<string, [number, number, number]> = {
  // coin: min, max, decimal places drawn
  BTC: [0.0005, 2, 6],
  ETH: [0.01, 40, 5],
  SOL: [0.5, 800, 3],
  USDC: [10, 50_000, 2],
  USDT: [10, 50_000, 2],
};
const TRADE_RANGES: Record<string, [number, number, number]> = {
  BTC: [0.0002, 1.5, 6],
  ETH: [0.005, 30, 5],
  SOL: [0.1, 500, 3],
  USDC: [10, 50_000, 2],
};
const ROUTES = Object.keys(CRYPTO_ROUTES);
const PRODUCTS = Object.keys(PRICES);

const BANK_INSTRUMENTS = ['ach', 'ach', 'ach', 'ach', 'ach', 'wire', 'wire', 'wire', 'swift', 'swift'] as const;
const SWIFT_COINS = ['EUR', 'EUR', 'GBP', 'USD'];
/** Fees are the same for every row of a rail or route: computed once, the way the use cases do. */
const BANK_FEE_FIXED = new Map<string, string>();
const CRYPTO_FEES = new Map<string, { fee: Decimal; fixedFee: string; networkFee: string }>();

/**
 * One transaction as the values of `COLUMNS`, in that order. Amounts, fees and totals are
 * computed as the create use cases compute them (catalog, `quoteTrade`, `fixed`).
 */
function makeRow(rng: Rng, ids: Rng, workspaceId: string, account: SeedAccount, createdAt: number, now: number): Value[] {
  const id = ids.uuid();
  const x = rng.next();
  const type = x < 0.45 ? 'bank' : x < 0.8 ? 'crypto' : 'trade';
  // About half the callers send their own reference: an invoice, a purchase order, an order id.
  const form = rng.int(5);
  const reference =
    form === 0
      ? `INV-${iso(createdAt).slice(0, 4)}-${rng.digits(6)}`
      : form === 1
        ? `PO-${rng.digits(5)}`
        : form === 2
          ? `order_${rng.chars(ALNUM, 10)}`
          : null;
  const age = now - createdAt;
  let coins: string[];
  let status: Status;
  let speed: string = type;
  let detailType: string;
  let coin: string;
  let amountText: string;
  let feeText: string;
  let totalText: string;
  let instrumentType: string | null = null;
  let transactionReference: string | null = null;
  let imad: string | null = null;
  let originatorName: string | null = null;
  let senderAccountNumber: string | null = null;
  let senderRoutingNumber: string | null = null;
  let senderSwiftCode: string | null = null;
  let senderIban: string | null = null;
  let senderBankName: string | null = null;
  let beneficiaryAccountNumber: string | null = null;
  let beneficiaryRoutingNumber: string | null = null;
  let beneficiarySwiftCode: string | null = null;
  let beneficiaryIban: string | null = null;
  let beneficiaryBankName: string | null = null;
  let beneficiaryName: string | null = null;
  let traceNumber: string | null = null;
  let addenda: string[] = [];
  let network: string | null = null;
  let networkFee: string | null = null;
  let targetAddress: string | null = null;
  let txHash: string | null = null;
  let product: string | null = null;
  let side: string | null = null;
  let feeCurrency: string | null = null;
  let quoteQuantity: string | null = null;
  let quoteCurrency: string | null = null;
  let rate: string | null = null;

  if (type === 'bank') {
    const instrument = rng.pick(BANK_INSTRUMENTS);
    speed = instrument;
    coin = instrument === 'swift' ? rng.pick(SWIFT_COINS) : 'USD';
    coins = [coin];
    const deposit = rng.chance(0.4);
    const value = amount(rng, 10, 50_000, coin);
    const day = iso(createdAt).slice(0, 10).replace(/-/g, '');
    instrumentType = instrument;
    // bankReferences' formats, drawn from the seed instead of crypto randomness.
    transactionReference = `FAS${day}${rng.digits(8)}`;
    if (instrument === 'ach') traceNumber = `02100002${rng.digits(7)}`;
    if (instrument === 'wire') imad = `${day}FASBNK01${rng.digits(6)}`;
    amountText = fixed(value, coin);
    if (deposit) {
      // simulateBankDeposit: no fee; credited through an intermediary, the real sender in addenda.
      const sender = rng.chance(0.7) ? rng.pick(COMPANIES) : personName(rng);
      const intermediary = rng.pick(INTERMEDIARIES);
      detailType = 'deposit';
      feeText = zero(coin);
      totalText = amountText;
      originatorName = intermediary;
      senderBankName = intermediary;
      if (instrument === 'swift') {
        const [bic, , country, length] = rng.pick(SWIFT_BANKS);
        senderSwiftCode = bic;
        senderIban = iban(rng, country, length);
      } else {
        senderAccountNumber = rng.digits(8 + rng.int(5));
        senderRoutingNumber = rng.pick(US_BANKS)[0];
      }
      addenda = [`ORIG NAME: ${sender.toUpperCase()}`];
      if (rng.chance(0.5)) addenda.push(`ENTRY DESCR: ${rng.pick(ENTRY_DESCRIPTIONS)}`);
    } else {
      // createBankTransaction: the fee of the rail, total = amount + fee.
      const fee = new Decimal(BANK_FEES[instrument]);
      const key = `${instrument}/${coin}`;
      let fixedFee = BANK_FEE_FIXED.get(key);
      if (fixedFee === undefined) {
        fixedFee = fixed(fee, coin);
        BANK_FEE_FIXED.set(key, fixedFee);
      }
      detailType = 'withdrawal';
      feeText = fixedFee;
      totalText = fixed(value.plus(fee), coin);
      beneficiaryName = rng.chance(0.6) ? rng.pick(COMPANIES) : personName(rng);
      if (instrument === 'swift') {
        const [bic, bank, country, length] = rng.pick(SWIFT_BANKS);
        beneficiarySwiftCode = bic;
        beneficiaryBankName = bank;
        beneficiaryIban = iban(rng, country, length);
      } else {
        const [routing, bank] = rng.pick(US_BANKS);
        beneficiaryRoutingNumber = routing;
        beneficiaryBankName = bank;
        beneficiaryAccountNumber = rng.digits(8 + rng.int(5));
        if (instrument === 'ach' && rng.chance(0.3)) addenda = [`PAYMENT ${reference ?? rng.digits(6)}`.toUpperCase()];
      }
    }
    status = statusFor(rng, age, true);
  } else if (type === 'crypto') {
    const routeKey = rng.pick(ROUTES);
    const [routeCoin, routeNetwork] = routeKey.split('/') as [string, string];
    coin = routeCoin;
    coins = [coin];
    network = routeNetwork;
    const [min, max, places] = CRYPTO_RANGES[coin] as [number, number, number];
    const value = amount(rng, min, max, coin, places);
    const deposit = rng.chance(0.4);
    amountText = fixed(value, coin);
    status = statusFor(rng, age, false);
    if (deposit) {
      // simulateCryptoDeposit: no fee, always a hash (it was seen on chain).
      detailType = 'deposit';
      feeText = zero(coin);
      totalText = amountText;
      txHash = `0x${rng.hex(64)}`;
    } else {
      // createCryptoTransaction: the route's fees; the hash once broadcast (processing and later).
      let fees = CRYPTO_FEES.get(routeKey);
      if (!fees) {
        const route = cryptoRoute(coin, network);
        const fee = new Decimal(route.fee);
        fees = { fee, fixedFee: fixed(fee, coin), networkFee: fixed(new Decimal(route.networkFee), coin) };
        CRYPTO_FEES.set(routeKey, fees);
      }
      const target = address(rng, network);
      if (!addressValid(network, target)) throw new Error(`seed: bad ${network} address ${target}`);
      detailType = 'withdraw';
      feeText = fees.fixedFee;
      totalText = fixed(value.plus(fees.fee), coin);
      networkFee = fees.networkFee;
      targetAddress = target;
      const hex = rng.hex(64);
      if (status !== 'pending' && status !== 'canceled') txHash = network === 'bitcoin' ? hex : `0x${hex}`;
    }
  } else {
    // createTradeTransaction: a market order at the sandbox price.
    product = rng.pick(PRODUCTS);
    const orderSide = rng.chance(0.55) ? 'buy' : 'sell';
    const base = product.split('-')[0] as string;
    const [min, max, places] = TRADE_RANGES[base] as [number, number, number];
    const quantity = amount(rng, min, max, base, places);
    const q = quoteTrade(product, orderSide, quantity);
    coins = [q.base, q.quote];
    detailType = 'market';
    coin = q.base;
    side = orderSide;
    amountText = fixed(quantity, q.base);
    feeText = fixed(q.fee, q.quote);
    totalText = fixed(q.total, q.quote);
    feeCurrency = q.quote;
    quoteQuantity = fixed(q.quoteQuantity, q.quote);
    quoteCurrency = q.quote;
    rate = q.rate.toString();
    status = statusFor(rng, age, false);
  }

  // statusHistory newest first; the steps take what the rail takes, squeezed to end by now.
  const [toProcessing, toFinal, toReturned] = stepDurations(rng, speed);
  const path = PATHS[status];
  const offsets: Record<Status, number> = {
    pending: 0,
    processing: toProcessing,
    completed: toProcessing + toFinal,
    failed: toProcessing + toFinal,
    canceled: toProcessing,
    returned: toProcessing + toFinal + toReturned,
  };
  const last = offsets[status];
  const squeeze = last > 0 && createdAt + last > now ? (now - createdAt) / last : 1;
  // The JSON of [{status, statusReason, date}], written directly (no value needs escaping).
  let historyJson = '';
  let newestReason = '';
  let newestDate = '';
  for (const s of path) {
    const reason = rng.pick(REASONS[type][s]);
    const date = iso(createdAt + Math.floor(offsets[s] * squeeze));
    if (historyJson === '') {
      newestReason = reason;
      newestDate = date;
    }
    historyJson += `${historyJson === '' ? '[' : ','}{"status":"${s}","statusReason":"${reason}","date":"${date}"}`;
  }
  historyJson += ']';
  const searchText = searchTextOf(id, account.email, {
    reference,
    transactionReference,
    txHash,
    targetAddress,
    imad,
    traceNumber,
    originatorName,
    beneficiaryName,
    addenda,
  });
  // In the order of COLUMNS.
  return [
    id,
    workspaceId,
    account.id,
    type,
    reference ?? '',
    coins.join(INNER_SEP),
    status,
    newestReason,
    historyJson,
    iso(createdAt),
    newestDate,
    true,
    searchText,
    detailType,
    coin,
    amountText,
    feeText,
    totalText,
    instrumentType,
    transactionReference,
    imad,
    originatorName,
    senderAccountNumber,
    senderRoutingNumber,
    senderSwiftCode,
    senderIban,
    senderBankName,
    beneficiaryAccountNumber,
    beneficiaryRoutingNumber,
    beneficiarySwiftCode,
    beneficiaryIban,
    beneficiaryBankName,
    beneficiaryName,
    traceNumber,
    addenda.join(INNER_SEP),
    network,
    networkFee,
    targetAddress,
    txHash,
    product,
    side,
    feeCurrency,
    quoteQuantity,
    quoteCurrency,
    rate,
  ];
}

function makeAccounts(rng: Rng, ids: Rng, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const business = rng.chance(0.2);
    const company = rng.pick(COMPANIES);
    const email = business
      ? `${rng.pick(['treasury', 'finance', 'payments', 'ops'])}${n}@${company.toLowerCase().replace(/[^a-z]+/g, '-')}.example`
      : `${rng.pick(FIRST)}.${rng.pick(LAST)}${n}@${rng.pick(DOMAINS)}`;
    return {
      id: ids.uuid(),
      email,
      type: business ? ('business' as const) : ('individual' as const),
      reference: `cust-${String(n).padStart(6, '0')}`,
    };
  });
}

/** Rows are turned into column text this many at a time, so few small strings stay alive. */
const CHUNK = 1000;

async function insertBatch(ctx: Ctx, params: string[]): Promise<void> {
  await ctx.db.$transaction(
    async (tx: Prisma.TransactionClient) => {
      // Trigram entries collect in the GIN index's pending list and are merged in bulk, with memory
      // enough to merge them in one pass; the commit need not wait for the disk (a failed seed is
      // simply run again: rows are keyed by the seed).
      await tx.$executeRawUnsafe("SET LOCAL gin_pending_list_limit = '512MB'");
      await tx.$executeRawUnsafe("SET LOCAL work_mem = '256MB'");
      await tx.$executeRawUnsafe('SET LOCAL synchronous_commit = off');
      await tx.$executeRawUnsafe(INSERT_SQL, ...params);
    },
    { timeout: 600_000, maxWait: 600_000 },
  );
}

/**
 * `fas seed`: realistic demo data, deterministic for a seed. Creates `accounts` active accounts,
 * then `transactions` bank (~45%), crypto (~35%) and trade (~20%) transactions over the last 365
 * days, oldest first, with every status and a status history consistent with it. Amounts, fees
 * and totals come from the catalog exactly as the create use cases compute them, and the
 * searchable text from `searchTextOf`, as a real insert builds it. Rows are sent in bulk
 * (`INSERT ... SELECT FROM unnest(...)`), two statements in flight; then the list counts are
 * rebuilt and the table analyzed. Creates no events (demo data, not activity).
 */
export async function seedTransactions(ctx: Ctx, opts: SeedTransactionsOptions): Promise<SeedTransactionsResult> {
  const total = opts.transactions;
  const seed = opts.seed ?? 1;
  const accountCount = opts.accounts ?? Math.max(10, Math.floor(total / 1000));
  const batchSize = opts.batchSize ?? 10_000;
  for (const [name, v] of [
    ['transactions', total],
    ['accounts', accountCount],
    ['batchSize', batchSize],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < 1) throw new AppError('VALIDATION_FAILED', `${name} must be a positive integer`);
  }
  if (!Number.isSafeInteger(seed)) throw new AppError('VALIDATION_FAILED', 'seed must be an integer');
  const ws = await ctx.db.workspace.findUnique({ where: { id: ctx.workspaceId }, select: { id: true } });
  if (!ws) throw new AppError('NOT_FOUND', `workspace ${ctx.workspaceId} not found`);

  const rng = new Rng(`fas-seed:${seed}`);
  const ids = new Rng(`fas-seed-ids:${seed}:${ctx.workspaceId}`);
  const now = ctx.clock.now().getTime();
  const created = now - 400 * DAY;

  const accounts = makeAccounts(rng, ids, accountCount);
  await ctx.db.account.createMany({
    data: accounts.map((a, i) => ({
      id: a.id,
      workspaceId: ctx.workspaceId,
      type: a.type,
      email: a.email,
      reference: a.reference,
      status: 'active' as const,
      createdAt: new Date(created + i * MINUTE),
      updatedAt: new Date(created + i * MINUTE),
    })),
    skipDuplicates: true,
  });

  // Oldest first, evenly over the year with jitter: the time-ordered indexes grow at one end.
  const start = now - 365 * DAY;
  const slot = (365 * DAY) / total;
  let next = 0;
  /** The next `batchSize` rows as one text per column (see `SEP`), and how many rows that is. */
  const batch = (): { params: string[]; count: number } => {
    const chunks: string[][] = COLUMNS.map(() => []);
    const first = next;
    for (const end = Math.min(total, next + batchSize); next < end; ) {
      const rows: Value[][] = [];
      for (const stop = Math.min(end, next + CHUNK); next < stop; next++) {
        // A few accounts are far busier than most (u^2 favours the first ones).
        const u = rng.next();
        const account = accounts[Math.floor(u * u * accountCount)] as SeedAccount;
        const createdAt = Math.floor(start + next * slot + rng.next() * slot);
        rows.push(makeRow(rng, ids, ctx.workspaceId, account, createdAt, now));
      }
      for (let i = 0; i < COLUMNS.length; i++) (chunks[i] as string[]).push(columnText(rows, i));
    }
    return { params: chunks.map((c) => c.join(SEP)), count: next - first };
  };

  // Two statements in flight (a batch is built while the other is written); batches are drawn
  // in order, so the data does not depend on timing.
  let done = 0;
  let failed = false;
  const lane = async () => {
    try {
      while (next < total && !failed) {
        const { params, count } = batch();
        await insertBatch(ctx, params);
        done += count;
        opts.onProgress?.(done, total);
      }
    } catch (err) {
      failed = true; // the other lane stops after its statement
      throw err;
    }
  };
  await Promise.all([lane(), lane()]);

  await ctx.db.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL maintenance_work_mem = '512MB'");
      await tx.$queryRawUnsafe("SELECT gin_clean_pending_list('transactions_search_text_idx'::regclass)");
      await rebuildCounts(tx, ctx.workspaceId);
    },
    { timeout: 600_000, maxWait: 600_000 },
  );
  // Statistics for the planner, and the visibility map, so list pages are index-only at once.
  await ctx.db.$executeRawUnsafe('VACUUM (ANALYZE) transactions');
  return { workspaceId: ctx.workspaceId, accounts: accountCount, transactions: total };
}
