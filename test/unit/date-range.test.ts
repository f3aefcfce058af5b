import { describe, expect, it } from 'vitest';
import { parseBound, parseDateRange } from '../../src/core/validation/date-range.js';

describe('date bounds', () => {
  it.each([
    ['2025-03-01', 'start', '2025-03-01T00:00:00.000Z', true],
    ['2025-03-01', 'end', '2025-03-02T00:00:00.000Z', false],
    ['2024-02-29', 'end', '2024-03-01T00:00:00.000Z', false],
    ['2025-12-31', 'end', '2026-01-01T00:00:00.000Z', false],
    ['2025-03-01T10:20:30', 'start', '2025-03-01T10:20:30.000Z', true],
    ['2025-03-01T10:20:30.5', 'start', '2025-03-01T10:20:30.500Z', true],
    ['2025-03-01T10:20:30.123456', 'end', '2025-03-01T10:20:30.123Z', true],
    ['2025-03-01T10:20:30Z', 'start', '2025-03-01T10:20:30.000Z', true],
    ['2025-03-01t10:20:30z', 'start', '2025-03-01T10:20:30.000Z', true],
    ['2025-03-01T10:20:30+02:00', 'start', '2025-03-01T08:20:30.000Z', true],
    ['2025-03-01T01:00:00+02:00', 'start', '2025-02-28T23:00:00.000Z', true],
    ['2025-03-01T22:00:00-05:00', 'end', '2025-03-02T03:00:00.000Z', true],
    ['2025-03-01T10:20:30+00:00', 'start', '2025-03-01T10:20:30.000Z', true],
  ] as const)('%s as %s -> %s (inclusive %s)', (value, side, iso, inclusive) => {
    expect(parseBound(value, side)).toEqual({ at: new Date(iso), inclusive });
  });

  it.each([
    '2025-02-30',
    '2023-02-29',
    '2025-13-01',
    '2025-00-10',
    '2025-04-31',
    '2025-03-01T25:00:00',
    '2025-03-01T24:00:00',
    '2025-03-01T10:60:00',
    '2025-03-01T10:00:61',
    '2025-03-01T10:00',
    '2025-03-01 10:00:00',
    '2025-03-01T10:00:00+2:00',
    '2025-03-01T10:00:00+24:00',
    '25-03-01',
    '2025/03/01',
    'yesterday',
    '',
    '1740787200',
  ])('%j is refused', (value) => {
    expect(parseBound(value, 'start')).toBeNull();
  });

  it('startDate=endDate=<date> is one whole day; equal instants and reversed ranges are 400', () => {
    expect(parseDateRange('2025-03-01', '2025-03-01')).toEqual({
      start: { at: new Date('2025-03-01T00:00:00Z'), inclusive: true },
      end: { at: new Date('2025-03-02T00:00:00Z'), inclusive: false },
    });
    expect(() => parseDateRange('2025-03-01T10:00:00Z', '2025-03-01T10:00:00Z')).toThrow(/strictly later/);
    expect(() => parseDateRange('2025-03-01T12:00:00+02:00', '2025-03-01T10:00:00Z')).toThrow(/strictly later/);
    expect(() => parseDateRange('2025-03-02', '2025-03-01')).toThrow(/strictly later/);
    // A date-only end ending exactly at the start instant includes nothing after it: refused.
    expect(() => parseDateRange('2025-03-02T00:00:00Z', '2025-03-01')).toThrow(/strictly later/);
    // The last millisecond of the day to its (exclusive) end is still a range.
    expect(parseDateRange('2025-03-01T23:59:59.999Z', '2025-03-01').end?.inclusive).toBe(false);
  });
});
