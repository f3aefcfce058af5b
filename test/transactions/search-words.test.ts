import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordPrefixes } from '../../src/core/transactions/search-conditions.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { type Harness, startHarness } from '../support/harness.js';
import { wordPrefixMatch, words } from '../support/search-oracle.js';

// The database's word-prefix search (the keys that find candidates and the phrase checked on them:
// migration `word_prefix_search`) against the oracle the API tests compare with, on PGlite and
// PostgreSQL.
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

/** Whether `query` matches a row of two fields, per the database, for many cases in one statement. */
async function dbMatches(cases: { fields: [string | null, string | null]; query: string }[]): Promise<boolean[]> {
  const rows = await h.deps.sql<{ i: number; m: boolean | null }>(Prisma.sql`
    SELECT x.i::int AS i, ${wordPrefixes(Prisma.sql`ARRAY[x.f1, x.f2]`, Prisma.sql`x.q`)} AS m
    FROM unnest(${cases.map((c) => c.fields[0])}::text[], ${cases.map((c) => c.fields[1])}::text[], ${cases.map((c) => c.query)}::text[])
      WITH ORDINALITY AS x(f1, f2, q, i)
    ORDER BY x.i`);
  return rows.map((r) => r.m === true);
}

describe('word-prefix search in the database', () => {
  it('splits words on anything not a letter or digit, lower-cased', () => {
    expect(words('INV-2026-076970')).toEqual(['inv', '2026', '076970']);
    expect(words('  Jane.Doe+fas@Example.COM ')).toEqual(['jane', 'doe', 'fas', 'example', 'com']);
    expect(words('ORIG NAME: Soylent Foods')).toEqual(['orig', 'name', 'soylent', 'foods']);
    expect(words('1e5x_a1')).toEqual(['1e5x', 'a1']);
    expect(words('Crème brûlée')).toEqual(['crème', 'brûlée']);
    expect(words('%%_ -')).toEqual([]);
  });

  it.each([
    ['INV-2026-076970', 'inv-2026-0769', true],
    ['INV-2026-076970', 'inv 2026 0769', true],
    ['INV-2026-076970', '076970', true],
    ['INV-2026-076970', '2026 inv', false],
    ['INV-2026-076970', 'nv-2026', false],
    ['INV-2026-076970', '76970', false],
    ['ORIG NAME: SOYLENT FOODS', 'orig name: soylent foods', true],
    ['ORIG NAME: SOYLENT FOODS', 'soylent foo', true],
    ['ORIG NAME: SOYLENT FOODS', 'ylent', false],
    ['ORIG NAME: SOYLENT FOODS', 'orig soylent', false],
    ['jane@example.com', 'jane@exa', true],
    ['jane.doe@example.com', 'jane@exa', false],
    ['jane.doe@example.com', 'doe example', true],
    ['1e5x 0x1F', '1e5', true],
    ['1e5x 0x1F', 'x', false],
    ['1e5x 0x1F', '0x1f', true],
    ['Crème Brûlée', 'crè brû', true],
    ['anything', '---', false],
  ])('%s / %s: %s', async (field, query, expected) => {
    expect(wordPrefixMatch(field, query)).toBe(expected);
    expect(await dbMatches([{ fields: [field, null], query }])).toEqual([expected]);
  });

  it('a phrase does not run from one field into the next', async () => {
    const got = await dbMatches([
      { fields: ['Intermediary Bank NA', 'ORIG NAME: ZEBRA'], query: 'bank na' },
      { fields: ['Intermediary Bank NA', 'ORIG NAME: ZEBRA'], query: 'na orig' },
      { fields: ['Intermediary Bank NA', 'ORIG NAME: ZEBRA'], query: 'orig name zeb' },
      { fields: [null, 'ORIG NAME: ZEBRA'], query: 'orig' },
      { fields: ['a-', '-b'], query: 'a b' },
    ]);
    expect(got).toEqual([true, false, true, true, false]);
  });

  it('agrees with the oracle on generated fields and queries', async () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'B', '1', '2', 'é', ' ', '-', '.', '@', '_', '%'), maxLength: 14 });
    const sample = fc.sample(fc.record({ f1: fc.option(text), f2: fc.option(text), query: text }), { numRuns: 2000, seed: 27 });
    // Half the queries are drawn from the fields, so that matches are common too.
    const cases = sample.map((s, i) => {
      const from = i % 2 ? (s.f1 ?? s.f2 ?? '') : '';
      const query = from ? from.slice(Math.floor(from.length / 3), Math.max(1, from.length - 2)) : s.query;
      return { fields: [s.f1, s.f2] as [string | null, string | null], query };
    });
    const got = await dbMatches(cases);
    const expected = cases.map((c) => c.fields.some((f) => f !== null && wordPrefixMatch(f, c.query)));
    const differ = cases.filter((_, i) => got[i] !== expected[i]);
    expect(differ).toEqual([]);
    expect(expected.filter(Boolean).length).toBeGreaterThan(200);
  });
});
