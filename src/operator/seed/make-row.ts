import { addressValid, BANK_FEES, scaleOf } from '../../core/transactions/catalog.js';
import { Decimal, fixed } from '../../core/transactions/money.js';
import { cryptoRoute, quoteTrade } from '../../core/transactions/pricing.js';
import type { SeedRow } from './bulk-insert.js';
import { iso } from './iso-time.js';
import type { Rng } from './random.js';
import {
  ALNUM,
  address,
  BANK_INSTRUMENTS,
  COMPANIES,
  CRYPTO_RANGES,
  DOMAINS,
  ENTRY_DESCRIPTIONS,
  FIRST,
  INTERMEDIARIES,
  iban,
  LAST,
  PRODUCTS,
  personName,
  ROUTES,
  SWIFT_BANKS,
  SWIFT_COINS,
  TRADE_RANGES,
  US_BANKS,
} from './reference-data.js';
import { type Status, statusFor, statusHistory } from './status-model.js';

export interface SeedAccount {
  id: string;
  email: string;
}

const zero = (currency: string) => fixed(new Decimal(0), currency);
/** An amount drawn log-uniformly, as a Decimal at the currency's scale (or coarser). */
function amount(rng: Rng, min: number, max: number, currency: string, places = scaleOf(currency)): Decimal {
  return new Decimal(rng.logUniform(min, max).toFixed(Math.min(places, scaleOf(currency))));
}

/** Fees are the same for every row of a rail or route: computed once, the way the use cases do. */
const BANK_FEE_FIXED = new Map<string, string>();
const CRYPTO_FEES = new Map<string, { fee: Decimal; fixedFee: string; networkFee: string }>();

/**
 * One transaction, a value for each column. Amounts, fees and totals are
 * computed as the create use cases compute them (catalog, `quoteTrade`, `fixed`).
 */
export function makeRow(rng: Rng, ids: Rng, workspaceId: string, account: SeedAccount, createdAt: number, now: number): SeedRow {
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

  const history = statusHistory(rng, type, status, speed, createdAt, now);
  return {
    id,
    workspaceId,
    accountId: account.id,
    transactionType: type,
    reference: reference ?? '',
    coins,
    status,
    statusReason: history.reason,
    previousStatuses: history.json,
    createdAt: iso(createdAt),
    updatedAt: history.date,
    auditAdminId: null,
    auditAdmin: null,
    auditApiKey: true,
    detailType,
    coin,
    amount: amountText,
    fee: feeText,
    total: totalText,
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
    addenda,
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
  };
}

/** The demo's account holders: people and (one in five) businesses, with emails in their names. */
export function makeAccounts(rng: Rng, ids: Rng, count: number) {
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
