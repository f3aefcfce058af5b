import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringifyInSlices } from '../../src/graphql/sliced-result.js';

describe('stringifyInSlices', () => {
  it('writes the bytes JSON.stringify writes, for any JSON-like value', async () => {
    // Long arrays at several depths, so that slices are taken; objects without a prototype and
    // values JSON leaves out (undefined, functions) in objects and arrays.
    const leaf = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.date());
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
      array: fc.oneof(fc.array(tie('node'), { maxLength: 8 }), fc.array(leaf, { minLength: 499, maxLength: 1600 })),
      object: fc.oneof(
        fc.dictionary(fc.string(), tie('node'), { maxKeys: 6 }),
        fc.dictionary(fc.string(), tie('node'), { maxKeys: 6 }).map((o) => Object.assign(Object.create(null), o)),
      ),
    })).node;
    await fc.assert(
      fc.asyncProperty(value, async (v) => {
        expect(await stringifyInSlices(v)).toBe(JSON.stringify(v));
        expect(await stringifyInSlices({ data: { a: v, f: () => 1 } })).toBe(JSON.stringify({ data: { a: v, f: () => 1 } }));
      }),
      { numRuns: 150 },
    );
  });

  it('lets the event loop run while it writes a large answer', async () => {
    const rows = Array.from({ length: 60_000 }, (_, i) => ({ coin: 'USD', day: `2026-01-${i}`, count: i, amount: `${i}.25` }));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const text = await stringifyInSlices({ data: { a: rows, b: rows } });
    clearInterval(timer);
    expect(text).toBe(JSON.stringify({ data: { a: rows, b: rows } }));
    expect(ticks).toBeGreaterThan(0);
  });
});
