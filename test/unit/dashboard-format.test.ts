import { describe, expect, it } from 'vitest';
import { formatAmount, formatBytes, formatTime, fromRfc3339, relativeTime, sumDecimals, toRfc3339 } from '../../src/dashboard/format.js';
import { fieldLabel, valueLabel } from '../../src/dashboard/labels.js';

// The dashboard's formatting, run in Node with the same Intl as the browser (en-US here).
describe('amounts', () => {
  it.each([
    ['13369.820000', 'USDT', '13,369.820000'],
    ['13369.82', 'USD', '13,369.82'],
    ['0.5', 'SOL', '0.500000000'],
    ['1234567.1', 'BTC', '1,234,567.10000000'],
    ['0.125', 'USD', '0.13'],
    ['-0.004', 'USD', '0.00'],
    ['-1000', 'EUR', '-1,000.00'],
    ['99.995', 'USD', '100.00'],
    ['7', 'XYZ', '7.00000000'],
  ])('%s %s -> %s (separators, the currency decimals, no floating point)', (value, coin, shown) => {
    expect(formatAmount(value, coin)).toBe(shown);
  });

  it('adds decimal strings exactly', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['9007199254740993.01', '0.99'])).toBe('9007199254740994.00');
    expect(sumDecimals(['1.5', '-2.25'])).toBe('-0.75');
    expect(sumDecimals([])).toBe('0');
  });

  it('bytes', () => {
    expect(formatBytes(574)).toBe('574 bytes');
    expect(formatBytes(2_500)).toBe('2.4 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
  });
});

describe('dates', () => {
  it('formats in UTC with the zone named, and in the local zone without throwing (dateStyle + timeZoneName once did)', () => {
    expect(formatTime('2026-11-03T10:00:00.000Z', 'utc')).toBe('Nov 3, 2026, 10:00:00 UTC');
    expect(formatTime('2026-11-03T10:00:00.000Z', 'local')).toMatch(/^Nov 3, 2026, \d{2}:00:00 \S+/);
    expect(formatTime(null, 'local')).toBe('—');
    expect(formatTime('not a date', 'utc')).toBe('—');
  });

  it('says how long ago', () => {
    const now = Date.parse('2026-11-03T10:00:00Z');
    expect(relativeTime('2026-11-03T07:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-05T10:00:00Z', now)).toBe('in 2 days');
  });

  it('turns datetime-local values into RFC 3339 with the zone offset, and back', () => {
    expect(toRfc3339('2026-11-01T00:00', 'utc')).toBe('2026-11-01T00:00:00Z');
    expect(fromRfc3339('2026-11-01T00:00:00+05:30', 'utc')).toBe('2026-10-31T18:30:00');
    const local = toRfc3339('2026-11-01T00:00:00', 'local');
    expect(local).toMatch(/^2026-11-01T00:00:00[+-]\d{2}:\d{2}$/);
    expect(fromRfc3339(local, 'local')).toBe('2026-11-01T00:00:00');
  });
});

describe('labels', () => {
  it('are words, never property paths', () => {
    expect(fieldLabel('bankTransactionDetails.senderRoutingNumber')).toBe('Sender routing number');
    expect(fieldLabel('account.accountId')).toBe('Account id');
    expect(fieldLabel('txHash')).toBe('Transaction hash');
    expect(valueLabel('needs_update')).toBe('Needs update');
    expect(valueLabel('ach')).toBe('ACH');
    expect(valueLabel('driver_license')).toBe("Driver's license");
  });
});
