import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLines } from '../../src/core/transactions/leg-stats.js';

// The four keys' answer is read from kept lines of tab-separated columns (leg-stats.ts) by position,
// without cutting out what is only compared or counted. It must give what splitting each line gives.
function split(text: string, month: boolean) {
  return text.split('\n').map((line) => {
    const [coin, transactionType, status, day, count, amount, fee, total] = line.split('\t') as string[];
    return {
      coin,
      transactionType,
      status,
      day,
      month: month ? (day as string).slice(0, 7) : null,
      count: Number(count),
      amount,
      fee,
      total,
    };
  });
}

const key = fc.constantFrom('USD', 'EUR', 'BTC', 'USDC', 'E', 'EURO');
const day = fc.oneof(
  fc
    .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom('2026-11-30', '0999-06-15', '2026-1-3', 'not a day'),
);
const sum = fc.oneof(fc.constantFrom('0', '0.00000000', '-12.5'), fc.stringMatching(/^-?\d{1,18}\.\d{2,8}$/));
const line = fc
  .tuple(key, fc.constantFrom('bank', 'crypto', 'trade'), fc.constantFrom('pending', 'completed', 'failed'), day, fc.nat(), sum, sum, sum)
  .map((cols) => cols.join('\t'));

describe('parseLines', () => {
  it('gives what splitting each line gives, with and without the month, over parts of any size', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 60 }), fc.boolean(), async (lines, month) => {
        const text = lines.join('\n');
        expect(await parseLines(text, month)).toEqual(split(text, month));
      }),
      { numRuns: 300 },
    );
  });

  it('reads 26,709 groups of one long text (several parts) in order', async () => {
    const lines = Array.from(
      { length: 26_709 },
      (_, i) => `${['EUR', 'USD'][i % 2]}\tbank\tcompleted\t2026-${String(1 + (i % 12)).padStart(2, '0')}-01\t${i}\t${i}.50\t0\t${i}.50`,
    );
    const text = lines.join('\n');
    expect(await parseLines(text, true)).toEqual(split(text, true));
    expect(await parseLines('', false)).toEqual([]);
    expect(await parseLines(null, false)).toEqual([]);
  });
});
