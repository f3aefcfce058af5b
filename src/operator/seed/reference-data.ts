import { CRYPTO_ROUTES, PRICES, routingNumberValid } from '../../core/transactions/catalog.js';
import type { Rng } from './random.js';

/** Reference data of the demo: people, companies, banks, and values drawn in their formats. */

export const FIRST = [
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
export const LAST = [
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
export const DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example'];
export const COMPANIES = [
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
/** Banks that credit the account on behalf of the real sender (originatorName is the intermediary, as openapi.yaml describes it). */
export const INTERMEDIARIES = [
  'First Intermediary Bank NA',
  'Lead Bank',
  'Evolve Bank & Trust',
  'Column NA',
  'Cross River Bank',
  'Choice Financial Group',
];
/** Real ABA routing numbers (they pass the checksum) with their bank. */
export const US_BANKS: [routing: string, name: string][] = [
  ['021000021', 'JPMorgan Chase Bank'],
  ['026009593', 'Bank of America'],
  ['121000248', 'Wells Fargo Bank'],
  ['011000138', 'Bank of America New England'],
  ['091000019', 'Wells Fargo Bank Minnesota'],
  ['031100209', 'Citibank Delaware'],
];
/** SWIFT banks with the IBAN country and length of their country. */
export const SWIFT_BANKS: [bic: string, name: string, country: string, bban: number][] = [
  ['DEUTDEFF', 'Deutsche Bank', 'DE', 18],
  ['COBADEFF', 'Commerzbank', 'DE', 18],
  ['BNPAFRPP', 'BNP Paribas', 'FR', 23],
  ['BARCGB22', 'Barclays Bank', 'GB', 18],
  ['HSBCGB2L', 'HSBC UK Bank', 'GB', 18],
  ['INGBNL2A', 'ING Bank', 'NL', 14],
];
export const ENTRY_DESCRIPTIONS = ['PAYROLL', 'INVOICE', 'REFUND', 'SETTLEMENT', 'DIVIDEND', 'TRANSFER'];
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
export const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

for (const [routing] of US_BANKS) if (!routingNumberValid(routing)) throw new Error(`seed data: bad routing number ${routing}`);

/** An IBAN with correct check digits (ISO 13616 mod 97) and a numeric BBAN. */
export function iban(rng: Rng, country: string, bbanLength: number): string {
  const bban = rng.digits(bbanLength);
  const rearranged = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rem = 0;
  for (const ch of rearranged) rem = (rem * 10 + Number(ch)) % 97;
  return `${country}${String(98 - rem).padStart(2, '0')}${bban}`;
}

const capitalized = (s: string) => `${s[0]?.toUpperCase()}${s.slice(1)}`;
const FIRST_NAMES = FIRST.map(capitalized);
const LAST_NAMES = LAST.map(capitalized);

export function personName(rng: Rng): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}

/** A withdrawal address in the network's own format (it passes the create use case's check). */
export function address(rng: Rng, network: string): string {
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

export const CRYPTO_RANGES: Record<string, [number, number, number]> = {
  // coin: min, max, decimal places drawn
  BTC: [0.0005, 2, 6],
  ETH: [0.01, 40, 5],
  SOL: [0.5, 800, 3],
  USDC: [10, 50_000, 2],
  USDT: [10, 50_000, 2],
};
export const TRADE_RANGES: Record<string, [number, number, number]> = {
  BTC: [0.0002, 1.5, 6],
  ETH: [0.005, 30, 5],
  SOL: [0.1, 500, 3],
  USDC: [10, 50_000, 2],
};
export const ROUTES = Object.keys(CRYPTO_ROUTES);
export const PRODUCTS = Object.keys(PRICES);

export const BANK_INSTRUMENTS = ['ach', 'ach', 'ach', 'ach', 'ach', 'wire', 'wire', 'wire', 'swift', 'swift'] as const;
export const SWIFT_COINS = ['EUR', 'EUR', 'GBP', 'USD'];
