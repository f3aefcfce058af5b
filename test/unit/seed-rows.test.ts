import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeAccounts } from '../../src/operator/seed/make-accounts.js';
import { Rng } from '../../src/operator/seed/random.js';
import { blockRows, type SeedPlan, seedRows } from '../../src/operator/seed/seed-rows.js';

// `fas seed` promises the same rows for the same seed (a second run adds nothing, benchmarks
// compare like with like). These fingerprints fix the rows a seed draws, so a refactoring of
// `makeRow` that reorders one RNG call fails here. Change them only with a deliberate change of
// the demo data.
function plan(seed: number, total: number): SeedPlan {
  const workspaceId = '00000000-0000-4000-8000-000000000001';
  const accounts = makeAccounts(new Rng(`fas-seed:${seed}`), new Rng(`fas-seed-ids:${seed}:${workspaceId}`), 40);
  return { seed, workspaceId, accounts: accounts.map(({ id, email }) => ({ id, email })), total, now: Date.UTC(2026, 0, 15, 12) };
}

/** The rows as JSON with their keys sorted: a new column changes it only where a row has one. */
function fingerprint(p: SeedPlan): string {
  const hash = createHash('sha256');
  for (const row of seedRows(p)) hash.update(JSON.stringify(row, Object.keys(row).sort()));
  return hash.digest('hex');
}

describe('seed rows', () => {
  it.each([
    [1, 3500, 'b6d638be91da5c95d564dc7785860d61b71283c9ae1287d546df105489a1f3a0'],
    [42, 1200, 'fa615a15ced1203cbaa9774e29db1826cad7b7ee844f48022859070c8aed4d70'],
  ])('seed %i with %i rows draws the same bytes as always', (seed, total, expected) => {
    const p = plan(seed, total);
    // Every kind of row is in the sample, so every branch of `makeRow` is fixed.
    const kinds = new Set(Array.from(blockRows(p, 0), (r) => `${r.transactionType}/${r.detailType}`));
    expect([...kinds].sort()).toEqual(['bank/deposit', 'bank/withdrawal', 'crypto/deposit', 'crypto/withdraw', 'trade/market']);
    expect(fingerprint(p)).toBe(expected);
  });
});
