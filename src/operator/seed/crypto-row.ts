import { addressValid } from '../../core/transactions/catalog.js';
import { Decimal, fixed } from '../../core/transactions/money.js';
import { cryptoRoute } from '../../core/transactions/pricing.js';
import type { SeedRow } from './bulk-insert.js';
import type { Rng } from './random.js';
import { address, CRYPTO_RANGES, ROUTES } from './reference-data.js';
import { amount, zero } from './row-money.js';
import { type Status, statusFor } from './status-model.js';

/** The fees of a route are the same for every row: computed once, the way the use case does. */
const CRYPTO_FEES = new Map<string, { fee: Decimal; fixedFee: string; networkFee: string }>();

/**
 * The columns of a crypto transaction, drawn into `row`: a deposit two times in five as
 * `simulateCryptoDeposit` makes it (no fee, always a hash: it was seen on chain), otherwise a
 * withdrawal as `createCryptoTransaction` does. Answers the status.
 */
export function drawCrypto(rng: Rng, row: SeedRow, age: number): Status {
  const routeKey = rng.pick(ROUTES);
  const [coin, network] = routeKey.split('/') as [string, string];
  row.coin = coin;
  row.coins = [coin];
  row.network = network;
  const [min, max, places] = CRYPTO_RANGES[coin] as [number, number, number];
  const value = amount(rng, min, max, coin, places);
  const deposit = rng.chance(0.4);
  row.amount = fixed(value, coin);
  const status = statusFor(rng, age, false);
  if (deposit) {
    row.detailType = 'deposit';
    row.fee = zero(coin);
    row.total = row.amount;
    row.txHash = `0x${rng.hex(64)}`;
  } else drawWithdrawal(rng, row, routeKey, coin, network, value, status);
  return status;
}

/** `createCryptoTransaction`: the route's fees; the hash once broadcast (processing and later). */
function drawWithdrawal(rng: Rng, row: SeedRow, routeKey: string, coin: string, network: string, value: Decimal, status: Status): void {
  let fees = CRYPTO_FEES.get(routeKey);
  if (!fees) {
    const route = cryptoRoute(coin, network);
    const fee = new Decimal(route.fee);
    fees = { fee, fixedFee: fixed(fee, coin), networkFee: fixed(new Decimal(route.networkFee), coin) };
    CRYPTO_FEES.set(routeKey, fees);
  }
  const target = address(rng, network);
  if (!addressValid(network, target)) throw new Error(`seed: bad ${network} address ${target}`);
  row.detailType = 'withdraw';
  row.fee = fees.fixedFee;
  row.total = fixed(value.plus(fees.fee), coin);
  row.networkFee = fees.networkFee;
  row.targetAddress = target;
  const hex = rng.hex(64);
  if (status !== 'pending' && status !== 'canceled') row.txHash = network === 'bitcoin' ? hex : `0x${hex}`;
}
