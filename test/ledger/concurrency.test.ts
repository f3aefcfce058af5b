import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_FEES } from '../../src/core/transactions/catalog.js';
import { activeAccount } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { inProcessCli } from '../support/cli.js';
import { type Harness, rawRequest, startHarness } from '../support/harness.js';

// USDC on polygon without fees, through the fee schedule port (Deps.fees): every withdrawal of 1
// holds exactly 1, so 100 of them exhaust an account holding 100.
const fees = { ...SANDBOX_FEES, crypto: { ...SANDBOX_FEES.crypto, 'USDC/polygon': { fee: '0', networkFee: '0' } } };

let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;
beforeAll(async () => {
  h = await startHarness({ fees });
  ws = await workspaceFactory(h.deps);
});
afterAll(async () => h?.close());

const post = (path: string, body: unknown) =>
  rawRequest(h, 'POST', path, {
    headers: { authorization: `APIKey ${ws.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('no overdraft under concurrency', () => {
  it('200 concurrent withdrawals of 1 from an account holding 100: exactly 100 succeed, the rest are 409 INSUFFICIENT_FUNDS', async () => {
    const accountId = await activeAccount(ws.ctx, 'race@example.com');
    const deposit = await post('/api/v2/simulations/deposits/crypto', { accountId, amount: '100', coin: 'USDC', network: 'polygon' });
    expect(deposit.status).toBe(201);
    for (const status of ['processing', 'completed'])
      expect((await post(`/api/v2/simulations/transactions/${deposit.body.id}/status`, { status })).status).toBe(200);

    const withdrawal = {
      accountId,
      amount: '1',
      coin: 'USDC',
      network: 'polygon',
      targetAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    };
    // On the embedded database the 200 transactions take the one connection in turn; on a loaded
    // machine the last may wait past the 15 s a transaction waits for it and get 503
    // DATABASE_UNAVAILABLE with Retry-After, having done nothing. They are sent again, as a client
    // would; the ledger checks below prove a 503 changed nothing.
    let answers = await Promise.all(Array.from({ length: 200 }, () => post('/api/v2/transactions/crypto', withdrawal)));
    for (let round = 0; round < 5 && answers.some((a) => a.status === 503); round++) {
      for (const a of answers.filter((x) => x.status === 503)) {
        expect(a.body.code).toBe('DATABASE_UNAVAILABLE');
        expect(a.headers.get('retry-after')).toBe('1');
      }
      answers = await Promise.all(answers.map((a) => (a.status === 503 ? post('/api/v2/transactions/crypto', withdrawal) : a)));
    }
    const statuses = answers.map((a) => a.status);
    const seen = [...new Set(answers.map((a) => `${a.status} ${a.body?.code}`))];
    expect(seen.sort()).toEqual(['201 undefined', '409 INSUFFICIENT_FUNDS']);
    expect(statuses.filter((s) => s === 201)).toHaveLength(100);
    expect(statuses.filter((s) => s === 409)).toHaveLength(100);
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.body).toMatchObject({
        code: 'INSUFFICIENT_FUNDS',
        funds: { currency: 'USDC', available: '0.000000', required: '1.000000' },
      });
    }
    const balance = await h.deps.db.ledgerBalance.findFirstOrThrow({ where: { workspaceId: ws.workspaceId, accountId, currency: 'USDC' } });
    expect([balance.posted.toString(), balance.pendingOut.toString()]).toEqual(['100', '100']);
    expect(await h.deps.db.ledgerEntry.count({ where: { workspaceId: ws.workspaceId, accountId, type: 'hold' } })).toBe(101);

    const cli = inProcessCli(h);
    try {
      const verify = await cli.fas(['ledger', 'verify', '--workspace', ws.workspaceId, '--json']);
      expect(verify.code, verify.stderr).toBe(0);
      expect(JSON.parse(verify.stdout)).toMatchObject({ ok: true, drifts: [], negative: 0 });
    } finally {
      cli.cleanup();
    }
  }, 180_000);
});

describe('fas ledger verify', () => {
  it('names each drift and exits 1: an edited balance, an unbalanced entry, a transaction without its hold', async () => {
    const other = await workspaceFactory(h.deps, 'Drift');
    const accountId = await activeAccount(other.ctx, 'drift@example.com');
    const post2 = (path: string, body: unknown) =>
      rawRequest(h, 'POST', path, {
        headers: { authorization: `APIKey ${other.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const d = await post2('/api/v2/simulations/deposits/bank', { accountId, amount: '10.00', coin: 'USD', instrumentType: 'wire' });
    const cli = inProcessCli(h);
    try {
      expect((await cli.fas(['ledger', 'verify', '--workspace', other.workspaceId])).code).toBe(0);
      await h.deps.db.$executeRawUnsafe(
        `UPDATE ledger_balances SET posted = posted + 1 WHERE workspace_id = '${other.workspaceId}' AND account_id = '${accountId}'`,
      );
      await h.deps.db.$executeRawUnsafe(`UPDATE ledger_entries SET fees = 0.01 WHERE workspace_id = '${other.workspaceId}'`);
      await h.deps.db.$executeRawUnsafe(
        `UPDATE transactions SET status = 'completed' WHERE workspace_id = '${other.workspaceId}' AND id = '${d.body.id}'`,
      );
      const r = await cli.fas(['ledger', 'verify', '--workspace', other.workspaceId]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('3 ledger drift(s) found');
      expect(r.stdout).toContain(`drift (unbalanced_entry) workspace ${other.workspaceId}`);
      expect(r.stdout).toMatch(
        new RegExp(
          `drift \\(balance\\) workspace ${other.workspaceId} account ${accountId}: balance \\(posted / pending in / pending out\\) is 1 / 10(\\.00)? / 0; its entries sum to 0 / 10(\\.00)? / 0`,
        ),
      );
      expect(r.stdout).toMatch(
        new RegExp(
          `transaction ${d.body.id} \\(completed\\) in USD: its entries have held 10(\\.00)?, posted 0; its status needs held 0, posted 10\\.00`,
        ),
      );
      // The other workspace is not this one's business...
      expect((await cli.fas(['ledger', 'verify', '--workspace', ws.workspaceId])).code).toBe(0);
      // ...but verifying every workspace finds it.
      expect((await cli.fas(['ledger', 'verify'])).code).toBe(1);
    } finally {
      cli.cleanup();
    }
  });
});
