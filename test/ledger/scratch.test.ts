import { it } from 'vitest';
import { createCryptoTransaction } from '../../src/core/transactions/create-crypto-transaction.js';
import { fund } from '../factories/ledger.js';
import { activeAccount } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { startHarness } from '../support/harness.js';

it('scratch', async () => {
  const h = await startHarness();
  const ws = await workspaceFactory(h.deps);
  const accountId = await activeAccount(ws.ctx);
  await fund(ws.ctx, accountId, 'USDC', '100');
  const body = { accountId, amount: '0.5', coin: 'USDC', network: 'polygon', targetAddress: '0x52908400098527886E0F7030069857D2E4169EE7' };
  const r = await Promise.allSettled(Array.from({ length: 200 }, () => createCryptoTransaction(ws.ctx, body)));
  const errs = r.filter((x) => x.status === 'rejected').map((x) => String((x as PromiseRejectedResult).reason?.message).slice(0, 400));
  console.log(r.filter((x) => x.status === 'fulfilled').length, [...new Set(errs)].slice(0, 5));
  await h.close();
}, 300_000);
