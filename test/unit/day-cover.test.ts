import { describe, expect, it } from 'vitest';
import { countCover, dayCover } from '../../src/core/transactions/day-cover.js';
import { parseDateRange } from '../../src/core/validation/date-range.js';

// A search's dates as the word counts read them: whole UTC days from the counts per day, the
// parts of days at the ends from the rows (search-words.ts). Every instant of the range is in
// exactly one of them, and nothing outside it.
const iso = (t: number) => new Date(t).toISOString();
const cover = (start?: string, end?: string) => {
  const c = dayCover(parseDateRange(start, end));
  const day = (d?: Date) => d?.toISOString().slice(0, 10);
  return {
    days: [day(c.days.from), day(c.days.to)],
    edges: c.edges.map((e) => [iso(e.from), iso(e.to)]),
    outer: [day(c.outer.from), day(c.outer.to)],
  };
};

describe('dayCover', () => {
  it('whole days have no edges', () => {
    expect(cover('2026-07-01', '2026-07-03')).toEqual({
      days: ['2026-07-01', '2026-07-04'],
      edges: [],
      outer: ['2026-07-01', '2026-07-04'],
    });
    expect(cover(undefined, '2026-07-01T23:59:59.999Z')).toEqual({
      days: [undefined, '2026-07-02'],
      edges: [],
      outer: [undefined, '2026-07-02'],
    });
    expect(cover('2026-07-01T00:00:00Z')).toEqual({ days: ['2026-07-01', undefined], edges: [], outer: ['2026-07-01', undefined] });
    // A part of the last representable day: the days around it have no end (year 10000 is no SQL date).
    expect(cover('9999-12-30', '9999-12-31T18:00:00Z').outer).toEqual(['9999-12-30', undefined]);
    // An end on the last representable day is no end.
    expect(cover('2026-07-01', '9999-12-31').days).toEqual(['2026-07-01', undefined]);
  });

  it('a bound inside a day is an edge read from the rows', () => {
    expect(cover('2026-06-30T23:00:00Z', '2026-07-02')).toEqual({
      days: ['2026-07-01', '2026-07-03'],
      edges: [['2026-06-30T23:00:00.000Z', '2026-07-01T00:00:00.000Z']],
      outer: ['2026-06-30', '2026-07-03'],
    });
    // An end instant is included: midnight's own millisecond is an edge of the next day.
    expect(cover(undefined, '2026-07-02T00:00:00Z').edges).toEqual([['2026-07-02T00:00:00.000Z', '2026-07-02T00:00:00.001Z']]);
    expect(cover('2026-06-30T12:00:00Z', '2026-07-02T06:00:00Z')).toEqual({
      days: ['2026-07-01', '2026-07-02'],
      edges: [
        ['2026-06-30T12:00:00.000Z', '2026-07-01T00:00:00.000Z'],
        ['2026-07-02T00:00:00.000Z', '2026-07-02T06:00:00.001Z'],
      ],
      outer: ['2026-06-30', '2026-07-03'],
    });
  });

  it('a range inside one day, or across one midnight, has no whole day', () => {
    const inside = cover('2026-07-01T06:00:00Z', '2026-07-01T18:00:00Z');
    expect(inside.edges).toEqual([['2026-07-01T06:00:00.000Z', '2026-07-01T18:00:00.001Z']]);
    expect(inside.days[0]! >= inside.days[1]!).toBe(true);
    const across = cover('2026-06-30T23:00:00Z', '2026-07-01T01:00:00Z');
    expect(across.edges).toEqual([
      ['2026-06-30T23:00:00.000Z', '2026-07-01T00:00:00.000Z'],
      ['2026-07-01T00:00:00.000Z', '2026-07-01T01:00:00.001Z'],
    ]);
    expect(across.days).toEqual(['2026-07-01', '2026-07-01']);
    expect(cover('2026-06-30T23:59:59.998Z', '2026-06-30T23:59:59.999Z').edges).toEqual([
      ['2026-06-30T23:59:59.998Z', '2026-07-01T00:00:00.000Z'],
    ]);
  });

  it('every instant of a random range is in exactly one part', () => {
    const base = Date.parse('2026-06-28T00:00:00Z');
    for (let i = 0; i < 500; i++) {
      const a = base + Math.floor(Math.random() * 5 * 86_400_000);
      const b = a + 1 + Math.floor(Math.random() * 3 * 86_400_000);
      const c = dayCover(parseDateRange(iso(a), iso(b)));
      for (let k = 0; k < 50; k++) {
        const t = base - 86_400_000 + Math.floor(Math.random() * 9 * 86_400_000);
        const inDays = t >= (c.days.from?.getTime() ?? -Infinity) && t < (c.days.to?.getTime() ?? Infinity);
        const inEdges = c.edges.filter((e) => t >= e.from && t < e.to).length;
        expect(Number(inDays) + inEdges, `${iso(a)} ${iso(b)} ${iso(t)}`).toBe(t >= a && t <= b ? 1 : 0);
      }
    }
  });

  it('counted: a part longer than half a day that reaches a midnight is its whole day less the rest', () => {
    const counted = (start?: string, end?: string) => {
      const c = countCover(dayCover(parseDateRange(start, end)));
      const day = (d?: Date) => d?.toISOString().slice(0, 10);
      const edges = (es: { from: number; to: number }[]) => es.map((e) => [iso(e.from), iso(e.to)]);
      return { days: [day(c.days.from), day(c.days.to)], plus: edges(c.plus), minus: edges(c.minus) };
    };
    expect(counted('2026-06-30T06:00:00Z', '2026-07-02T18:00:00Z')).toEqual({
      days: ['2026-06-30', '2026-07-03'],
      plus: [],
      minus: [
        ['2026-06-30T00:00:00.000Z', '2026-06-30T06:00:00.000Z'],
        ['2026-07-02T18:00:00.001Z', '2026-07-03T00:00:00.000Z'],
      ],
    });
    // Half a day or less stays a part read from the rows; a part inside a day (two rests) too.
    expect(counted('2026-06-30T12:00:00Z', '2026-07-02T06:00:00Z').plus).toHaveLength(2);
    expect(counted('2026-07-01T02:00:00Z', '2026-07-01T22:00:00Z')).toEqual({
      days: ['2026-07-02', '2026-07-01'],
      plus: [['2026-07-01T02:00:00.000Z', '2026-07-01T22:00:00.001Z']],
      minus: [],
    });
    // Across one midnight: the long part counted, the short one read.
    expect(counted('2026-06-30T02:00:00Z', '2026-07-01T01:00:00Z')).toEqual({
      days: ['2026-06-30', '2026-07-01'],
      plus: [['2026-07-01T00:00:00.000Z', '2026-07-01T01:00:00.001Z']],
      minus: [['2026-06-30T00:00:00.000Z', '2026-06-30T02:00:00.000Z']],
    });
    // The last day's part stays read: its next midnight (year 10000) is no SQL date.
    expect(counted('9999-12-30T00:00:00Z', '9999-12-31T18:00:00Z')).toEqual({
      days: ['9999-12-30', '9999-12-31'],
      plus: [['9999-12-31T00:00:00.000Z', '9999-12-31T18:00:00.001Z']],
      minus: [],
    });
    expect(counted('0001-01-01T02:00:00Z', '0001-01-02').days).toEqual(['0001-01-01', '0001-01-03']);
    expect(counted(undefined, '2026-07-01T20:00:00Z')).toEqual({
      days: [undefined, '2026-07-02'],
      plus: [],
      minus: [['2026-07-01T20:00:00.001Z', '2026-07-02T00:00:00.000Z']],
    });
  });

  it('counted: every instant of a random range is counted exactly once, and nothing outside it', () => {
    const base = Date.parse('2026-06-28T00:00:00Z');
    for (let i = 0; i < 500; i++) {
      const a = base + Math.floor(Math.random() * 5 * 86_400_000);
      const b = a + 1 + Math.floor(Math.random() * 3 * 86_400_000);
      const c = countCover(dayCover(parseDateRange(iso(a), iso(b))));
      expect(c.plus.length + c.minus.length).toBeLessThanOrEqual(2);
      for (const e of [...c.plus, ...c.minus]) expect(e.to - e.from).toBeLessThanOrEqual(86_400_000);
      for (const e of c.minus) expect(e.to - e.from).toBeLessThan(43_200_000);
      for (let k = 0; k < 50; k++) {
        const t = base - 86_400_000 + Math.floor(Math.random() * 9 * 86_400_000);
        const inDays = t >= (c.days.from?.getTime() ?? -Infinity) && t < (c.days.to?.getTime() ?? Infinity);
        const n = (es: { from: number; to: number }[]) => es.filter((e) => t >= e.from && t < e.to).length;
        expect(Number(inDays) + n(c.plus) - n(c.minus), `${iso(a)} ${iso(b)} ${iso(t)}`).toBe(t >= a && t <= b ? 1 : 0);
      }
    }
  });
});
