import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoTransactions } from '../../src/core/demo/seed-demo-transactions.js';
import { searchTextOf } from '../../src/core/transactions/insert-transaction.js';
import { at } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, restClient, startHarness } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const NOW = '2026-06-30T12:00:00.000Z';

async function seeded(seed: number) {
  const ws = await workspaceFactory(h.deps);
  const progress: number[] = [];
  await seedDemoTransactions(at(ws.ctx, NOW), {
    transactions: 2000,
    accounts: 20,
    seed,
    batchSize: 700,
    onProgress: (d) => progress.push(d),
  });
  return { ws, progress };
}

async function all(key: string) {
  const client = restClient(h, key);
  const out = [];
  for (let page = 1; page <= 2; page++) {
    const { data } = await client.GET('/api/v2/transactions', { params: { query: { page, limit: 1000 } } });
    out.push(...data!.data);
  }
  return out;
}

describe('fas seed: demo transactions', () => {
  it('bulk-inserts all three types that pass the contract, with exact totals and working search', async () => {
    const { ws, progress } = await seeded(7);
    expect(progress).toEqual([700, 1400, 2000]);
    const rows = await all(ws.apiKey);
    expect(rows).toHaveLength(2000);
    const byType = (t: string) => rows.filter((r) => r.transactionType === t).length;
    expect([byType('bank'), byType('crypto'), byType('trade')]).toEqual([900, 700, 400]);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['pending', 'processing', 'completed', 'failed', 'canceled', 'returned']));
    for (const r of rows) {
      expect(r.statusHistory[0]!.status).toBe(r.status);
      expect(r.statusHistory.at(-1)!.status).toBe('pending');
      if (r.status === 'returned') expect(r.transactionType).toBe('bank');
      const d = r.bankTransactionDetails ?? r.cryptoTransactionDetails;
      if (d) expect(Number(d.total)).toBeCloseTo(Number(d.amount) + Number(d.fee), 8);
    }
    const client = restClient(h, ws.apiKey);
    const addenda = await client.GET('/api/v2/transactions', { params: { query: { search: 'orig name: acme widgets' } } });
    expect(addenda.data!.total).toBeGreaterThan(0);
    expect(addenda.data!.data[0]!.bankTransactionDetails!.addenda![0]).toBe('ORIG NAME: ACME WIDGETS');
    const completedUsd = await client.GET('/api/v2/transactions', { params: { query: { status: 'completed', coin: 'usd', limit: 1 } } });
    expect(completedUsd.data!.total).toBe(rows.filter((r) => r.status === 'completed' && r.coins.includes('USD')).length);
  });

  it('stores the same searchable text the create use cases build', async () => {
    const { ws } = await seeded(11);
    const stored = await h.deps.db.transaction.findMany({
      where: { workspaceId: ws.workspaceId },
      take: 300,
      select: { id: true, searchText: true },
    });
    const byId = new Map((await all(ws.apiKey)).map((r) => [r.id, r]));
    for (const s of stored) {
      const r = byId.get(s.id)!;
      const b = r.bankTransactionDetails;
      const c = r.cryptoTransactionDetails;
      expect(s.searchText).toBe(
        searchTextOf(r.id, r.account.email, {
          reference: r.reference,
          transactionReference: b?.transactionReference,
          txHash: c?.txHash,
          targetAddress: c?.targetAddress,
          imad: b?.imad,
          traceNumber: b?.traceNumber,
          originatorName: b?.originatorName,
          beneficiaryName: b?.beneficiaryName,
          addenda: b?.addenda,
        }),
      );
    }
  });

  it('the same seed gives the same data', async () => {
    const digest = async (key: string) =>
      createHash('sha256')
        .update(
          JSON.stringify(
            (await all(key)).map((r) => [
              r.transactionType,
              r.status,
              r.coins,
              r.createdAt,
              r.reference,
              r.account.email,
              r.bankTransactionDetails?.amount ?? r.cryptoTransactionDetails?.amount ?? r.tradeTransactionDetails?.quantity,
            ]),
          ),
        )
        .digest('hex');
    const a = await seeded(3);
    const b = await seeded(3);
    const c = await seeded(4);
    expect(await digest(a.ws.apiKey)).toBe(await digest(b.ws.apiKey));
    expect(await digest(a.ws.apiKey)).not.toBe(await digest(c.ws.apiKey));
  });
});
