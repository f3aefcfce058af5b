import type { Schemas } from '../contract.js';

/**
 * The sandbox's reference data: currencies and their scales, crypto networks, fee schedules and
 * the price table. One place, so validation, fees and the seed agree.
 */

/** Decimal places of each currency; amounts are stored and shown at this scale. */
export const SCALE: Record<string, number> = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  BTC: 8,
  ETH: 8,
  USDC: 6,
  USDT: 6,
  SOL: 9,
};

export function scaleOf(currency: string): number {
  return SCALE[currency] ?? 8;
}

/** Withdrawal fee per bank instrument, in the withdrawn currency. */
export const BANK_FEES: Record<Schemas['SimulateBankDepositRequest']['instrumentType'], string> = {
  ach: '0.25',
  wire: '15.00',
  swift: '25.00',
};

type Network = Schemas['CreateCryptoBeneficiaryRequest']['network'];

/** Supported coin/network pairs with their withdrawal fee and the network's own fee (in the coin). */
export const CRYPTO_ROUTES: Record<string, { fee: string; networkFee: string }> = {
  'BTC/bitcoin': { fee: '0.0002', networkFee: '0.00005' },
  'ETH/ethereum': { fee: '0.002', networkFee: '0.0006' },
  'USDC/ethereum': { fee: '5', networkFee: '2.5' },
  'USDC/solana': { fee: '0.5', networkFee: '0.01' },
  'USDC/polygon': { fee: '0.5', networkFee: '0.05' },
  'USDT/ethereum': { fee: '5', networkFee: '2.5' },
  'USDT/tron': { fee: '1', networkFee: '0.5' },
  'SOL/solana': { fee: '0.01', networkFee: '0.000005' },
};

/** The sandbox's fee schedule: what withdrawals cost unless the deployment passes another (Deps.fees). */
export const SANDBOX_FEES = { bank: BANK_FEES, crypto: Object.fromEntries(Object.entries(CRYPTO_ROUTES)) };

const ADDRESS: Record<Network, RegExp> = {
  bitcoin: /^(bc1[ac-hj-np-z02-9]{11,71}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})$/,
  ethereum: /^0x[0-9a-fA-F]{40}$/,
  polygon: /^0x[0-9a-fA-F]{40}$/,
  solana: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
  tron: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
};

export function addressValid(network: string, address: string): boolean {
  return ADDRESS[network as Network]?.test(address) ?? false;
}

/** Sandbox mid prices of the tradable products (quote per 1 base). */
export const PRICES: Record<string, string> = {
  'BTC-USD': '65000.00',
  'ETH-USD': '3500.00',
  'SOL-USD': '150.00',
  'USDC-USD': '1.00',
  'BTC-EUR': '60000.00',
  'ETH-EUR': '3200.00',
  'ETH-BTC': '0.05384615',
};

/** Trade fee: a share of the quote quantity, charged in the quote currency. */
export const TRADE_FEE_RATE = '0.005';

/** ABA routing number checksum: 3-7-1 weights over the 9 digits, sum divisible by 10. */
export function routingNumberValid(routing: string): boolean {
  if (!/^[0-9]{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}
