import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace } from '../../src/core/workspaces/create-workspace.js';
import { activeAccount, createBank, createCrypto, createTrade } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, rawRequest, startHarness } from '../support/harness.js';
import { trpcCaller } from '../support/trpc-caller.js';

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
let accountId: string;
beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  accountId = await activeAccount(ws.ctx);
});
afterAll(async () => h?.close());

const move = (id: string, status: string, statusReason?: string, key = ws.apiKey) =>
  rawRequest(h, 'POST', `/api/v2/simulations/transactions/${id}/status`, {
    headers: { authorization: `APIKey ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(statusReason ? { status, statusReason } : { status }),
  });

const ALL = ['pending', 'processing', 'completed', 'failed', 'canceled', 'returned'];
const ALLOWED: Record<string, string[]> = {
  pending: ['processing', 'canceled'],
  processing: ['completed', 'failed'],
  completed: ['returned'],
  failed: [],
  canceled: [],
  returned: [],
};
const PATH_TO: Record<string, string[]> = {
  pending: [],
  processing: ['processing'],
  completed: ['processing', 'completed'],
  failed: ['processing', 'failed'],
  canceled: ['canceled'],
  returned: ['processing', 'completed', 'returned'],
};

describe('transition table (bank)', () => {
  const cases = Object.keys(ALLOWED).flatMap((from) => ALL.map((to) => [from, to, ALLOWED[from]!.includes(to)] as const));
  it.each(cases)('%s -> %s allowed: %s', async (from, to, allowed) => {
    const tx = await createBank(ws.ctx, accountId);
    for (const step of PATH_TO[from]!) expect((await move(tx.id, step)).status).toBe(200);
    const res = await move(tx.id, to, 'because');
    expect(res.status).toBe(allowed ? 200 : 409);
    if (allowed) {
      expect(res.body.status).toBe(to);
      expect(res.body.statusReason).toBe('because');
      expect(res.body.statusHistory[0]).toMatchObject({ status: to, statusReason: 'because' });
      expect(res.body.statusHistory.map((e: { status: string }) => e.status)).toEqual([to, ...[...PATH_TO[from]!].reverse(), 'pending']);
    } else {
      expect(res.body.code).toBe('INVALID_STATE');
      const row = await h.deps.db.transaction.findFirstOrThrow({ where: { id: tx.id } });
      expect(row.status).toBe(from);
    }
  });
});

describe('other rules', () => {
  it('returned is for bank only', async () => {
    for (const tx of [await createCrypto(ws.ctx, accountId), await createTrade(ws.ctx, accountId)]) {
      await move(tx.id, 'processing');
      await move(tx.id, 'completed');
      const res = await move(tx.id, 'returned');
      expect(res.status).toBe(409);
      expect(res.body.detail).toMatch(/it is final/);
    }
  });

  it('history dates are newest first and never reordered', async () => {
    const tx = await createBank(ws.ctx, accountId);
    await move(tx.id, 'processing');
    const done = await move(tx.id, 'completed');
    const dates = done.body.statusHistory.map((e: { date: string }) => e.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('concurrent moves of one transaction: exactly one wins each step', async () => {
    const tx = await createBank(ws.ctx, accountId);
    const results = await Promise.all([
      move(tx.id, 'processing'),
      move(tx.id, 'canceled'),
      move(tx.id, 'processing'),
      move(tx.id, 'canceled'),
    ]);
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    const row = await h.deps.db.transaction.findFirstOrThrow({ where: { id: tx.id } });
    expect(row.status).toBe(ok[0]!.body.status);
    // The status it left is the one previous status: one change won.
    expect(row.previousStatuses).toEqual([['pending', 'created', tx.createdAt, { kind: 'system' }]]);
  });

  it('a non-sandbox workspace cannot simulate (403); bad bodies are 400; unknown ids 404', async () => {
    const live = await createWorkspace(h.deps, { name: 'Live', sandbox: false, adminEmail: 'live@example.com' });
    const tx = await createBank(ws.ctx, accountId);
    expect((await move(tx.id, 'processing', undefined, live.apiKey.key)).status).toBe(403);
    expect((await move(tx.id, 'done')).status).toBe(400);
    expect((await move('00000000-0000-4000-8000-000000000000', 'processing')).status).toBe(404);
    expect((await move('nope', 'processing')).status).toBe(400);
    const other = await workspaceFactory(h.deps);
    expect((await move(tx.id, 'processing', undefined, other.apiKey)).status).toBe(404);
  });

  it('tRPC updateStatus is for admins only, through the same rules', async () => {
    const tx = await createBank(ws.ctx, accountId);
    const asKey = await trpcCaller(h, ws.apiKey)
      .transactions.updateStatus.mutate({ transactionId: tx.id, status: 'processing' })
      .catch((e) => e);
    expect(asKey.data.code).toBe('FORBIDDEN');
    const asAnalyst = await trpcCaller(h, ws.analystToken)
      .transactions.updateStatus.mutate({ transactionId: tx.id, status: 'processing' })
      .catch((e) => e);
    expect(asAnalyst.data.code).toBe('FORBIDDEN');
    const ok = await trpcCaller(h, ws.adminToken).transactions.updateStatus.mutate({
      transactionId: tx.id,
      status: 'processing',
      statusReason: 'ops',
    });
    expect(ok.status).toBe('processing');
    const bad = await trpcCaller(h, ws.adminToken)
      .transactions.updateStatus.mutate({ transactionId: tx.id, status: 'returned' })
      .catch((e) => e);
    expect(bad.data.code).toBe('INVALID_STATE');
  });
});
