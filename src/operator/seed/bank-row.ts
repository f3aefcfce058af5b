import { BANK_FEES } from '../../core/transactions/catalog.js';
import { Decimal, fixed } from '../../core/transactions/money.js';
import type { SeedRow } from './bulk-insert.js';
import { iso } from './iso-time.js';
import type { Rng } from './random.js';
import {
  BANK_INSTRUMENTS,
  COMPANIES,
  ENTRY_DESCRIPTIONS,
  INTERMEDIARIES,
  iban,
  personName,
  SWIFT_BANKS,
  SWIFT_COINS,
  US_BANKS,
} from './reference-data.js';
import { amount, zero } from './row-money.js';
import { type Status, statusFor } from './status-model.js';

type Instrument = (typeof BANK_INSTRUMENTS)[number];

/** The fee of a rail is the same for every row: formatted once, the way the use case does. */
const BANK_FEE_FIXED = new Map<string, string>();

/**
 * The columns of a bank transaction (ACH, wire or SWIFT), drawn into `row`: a deposit two times in
 * five as `simulateBankDeposit` makes it, otherwise a withdrawal as `createBankTransaction`
 * does. Answers the status and the rail (its speed for the status history).
 */
export function drawBank(
  rng: Rng,
  row: SeedRow,
  reference: string | null,
  age: number,
  createdAt: number,
): { status: Status; speed: string } {
  const instrument = rng.pick(BANK_INSTRUMENTS);
  const coin = instrument === 'swift' ? rng.pick(SWIFT_COINS) : 'USD';
  row.coin = coin;
  row.coins = [coin];
  const deposit = rng.chance(0.4);
  const value = amount(rng, 10, 50_000, coin);
  const day = iso(createdAt).slice(0, 10).replace(/-/g, '');
  row.instrumentType = instrument;
  // bankReferences' formats, drawn from the seed instead of crypto randomness.
  row.transactionReference = `FAS${day}${rng.digits(8)}`;
  if (instrument === 'ach') row.traceNumber = `02100002${rng.digits(7)}`;
  if (instrument === 'wire') row.imad = `${day}FASBNK01${rng.digits(6)}`;
  row.amount = fixed(value, coin);
  if (deposit) drawDeposit(rng, row, instrument, coin);
  else drawWithdrawal(rng, row, instrument, coin, value, reference);
  return { status: statusFor(rng, age, true), speed: instrument };
}

/** `simulateBankDeposit`: no fee; credited through an intermediary, the real sender in addenda. */
function drawDeposit(rng: Rng, row: SeedRow, instrument: Instrument, coin: string): void {
  const sender = rng.chance(0.7) ? rng.pick(COMPANIES) : personName(rng);
  const intermediary = rng.pick(INTERMEDIARIES);
  row.detailType = 'deposit';
  row.fee = zero(coin);
  row.total = row.amount;
  row.originatorName = intermediary;
  row.senderBankName = intermediary;
  if (instrument === 'swift') {
    const [bic, , country, length] = rng.pick(SWIFT_BANKS);
    row.senderSwiftCode = bic;
    row.senderIban = iban(rng, country, length);
  } else {
    row.senderAccountNumber = rng.digits(8 + rng.int(5));
    row.senderRoutingNumber = rng.pick(US_BANKS)[0];
  }
  const addenda = [`ORIG NAME: ${sender.toUpperCase()}`];
  if (rng.chance(0.5)) addenda.push(`ENTRY DESCR: ${rng.pick(ENTRY_DESCRIPTIONS)}`);
  row.addenda = addenda;
}

/** `createBankTransaction`: the fee of the rail, total = amount + fee, to a beneficiary. */
function drawWithdrawal(rng: Rng, row: SeedRow, instrument: Instrument, coin: string, value: Decimal, reference: string | null): void {
  const fee = new Decimal(BANK_FEES[instrument]);
  const key = `${instrument}/${coin}`;
  let fixedFee = BANK_FEE_FIXED.get(key);
  if (fixedFee === undefined) {
    fixedFee = fixed(fee, coin);
    BANK_FEE_FIXED.set(key, fixedFee);
  }
  row.detailType = 'withdrawal';
  row.fee = fixedFee;
  row.total = fixed(value.plus(fee), coin);
  row.beneficiaryName = rng.chance(0.6) ? rng.pick(COMPANIES) : personName(rng);
  if (instrument === 'swift') {
    const [bic, bank, country, length] = rng.pick(SWIFT_BANKS);
    row.beneficiarySwiftCode = bic;
    row.beneficiaryBankName = bank;
    row.beneficiaryIban = iban(rng, country, length);
  } else {
    const [routing, bank] = rng.pick(US_BANKS);
    row.beneficiaryRoutingNumber = routing;
    row.beneficiaryBankName = bank;
    row.beneficiaryAccountNumber = rng.digits(8 + rng.int(5));
    if (instrument === 'ach' && rng.chance(0.3)) row.addenda = [`PAYMENT ${reference ?? rng.digits(6)}`.toUpperCase()];
  }
}
