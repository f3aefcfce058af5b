import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOverview } from '../../src/core/overview/get-overview.js';
import { activeAccount, at, createBank, createCrypto } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

describe('the overview', () => {
  it('gives counts per day and type, and volume per day, type and coin (coins are never added together)', async () => {
    const ws = await workspaceFactory(h.deps);
    const accountId = await activeAccount(ws.ctx, 'volume@example.com');
    const day = '2026-11-20';
    const on = at(ws.ctx, `${day}T10:00:00Z`);
    await createBank(on, accountId, { amount: '100.00', coin: 'USD' });
    await createBank(on, accountId, { amount: '250.50', coin: 'USD' });
    await createBank(on, accountId, { amount: '7.00', coin: 'EUR', instrumentType: 'swift', beneficiarySwiftCode: 'DEUTDEFF' });
    await createCrypto(on, accountId, { amount: '0.5' });
    // 40 days before "now": outside the 30 days.
    await createBank(at(ws.ctx, '2026-10-11T10:00:00Z'), accountId, { amount: '999.00' });
    const o = await getOverview(at(ws.ctx, '2026-11-21T12:00:00Z'));
    expect(o.since).toBe('2026-10-23');
    expect(o.transactionsPerDay).toEqual(
      expect.arrayContaining([
        { day, transactionType: 'bank', count: 3 },
        { day, transactionType: 'crypto', count: 1 },
      ]),
    );
    expect(o.transactionsPerDay).toHaveLength(2);
    const volume = o.volumePerDay.map((r) => [r.day, r.transactionType, r.coin, r.count, Number(r.amount)]);
    expect(volume).toEqual(
      expect.arrayContaining([
        [day, 'bank', 'USD', 2, 350.5],
        [day, 'bank', 'EUR', 1, 7],
        [day, 'crypto', 'ETH', 1, 0.5],
      ]),
    );
    expect(volume).toHaveLength(3);
  });
});
