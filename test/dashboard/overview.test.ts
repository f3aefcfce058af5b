import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOverview } from '../../src/core/overview/get-overview.js';
import { activeAccount, at, createBank, createCrypto, createTrade } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';
import { trpcCaller } from '../support/trpc-caller.js';

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

  it("over 7, 30 or 90 days; a trade's fee and total count in its quote currency, never in the base coin's row", async () => {
    const ws = await workspaceFactory(h.deps);
    const accountId = await activeAccount(ws.ctx, 'range@example.com');
    await createTrade(at(ws.ctx, '2026-11-20T10:00:00Z'), accountId, { quantity: '0.5' });
    await createBank(at(ws.ctx, '2026-11-20T11:00:00Z'), accountId, { amount: '10.00', coin: 'USD' });
    await createBank(at(ws.ctx, '2026-09-01T11:00:00Z'), accountId, { amount: '20.00', coin: 'USD' });
    const now = at(ws.ctx, '2026-11-21T12:00:00Z');
    const trade = await h.deps.db.transaction.findFirstOrThrow({
      where: { accountId, transactionType: 'trade' },
      select: { fee: true, total: true },
    });
    const o = await getOverview(now, { days: 7 });
    expect(o).toMatchObject({ days: 7, since: '2026-11-15' });
    const rows = o.volumePerDay.map((r) => [r.transactionType, r.coin, r.count, Number(r.amount), Number(r.fee), Number(r.total)]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['trade', 'BTC', 1, 0.5, 0, 0],
        ['trade', 'USD', 0, 0, Number(trade.fee), Number(trade.total)],
        ['bank', 'USD', 1, 10, 0.25, 10.25],
      ]),
    );
    expect(rows).toHaveLength(3);
    expect(o.transactionsPerDay).toEqual(
      expect.arrayContaining([
        { day: '2026-11-20', transactionType: 'trade', count: 1 },
        { day: '2026-11-20', transactionType: 'bank', count: 1 },
      ]),
    );
    expect(o.transactionsPerDay).toHaveLength(2);
    expect((await getOverview(now, { days: 90 })).since).toBe('2026-08-24');
    expect((await getOverview(now, { days: 90 })).transactionsPerDay).toHaveLength(3);
    // Another range is refused with a field error, through tRPC too.
    await expect(getOverview(now, { days: 31 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'days' }] });
    const refused = await trpcCaller(h, ws.analystToken)
      .overview.get.query({ days: 12 } as never)
      .catch((e) => e);
    expect(refused.data).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'days' }] });
    expect((await trpcCaller(h, ws.analystToken).overview.get.query({ days: 90 })).days).toBe(90);
  });
});
