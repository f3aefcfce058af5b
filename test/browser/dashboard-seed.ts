import { existsSync } from 'node:fs';
import path from 'node:path';
import { dashboardDir } from '../../src/server/pages/dashboard.js';
import { activeAccount, at, createBank, createCrypto, createTrade } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import type { Harness } from '../support/harness.js';

/** The browser tests need Vite's build (npm install / npm run build makes it). */
export function assertDashboardBuilt(): void {
  if (!existsSync(path.join(dashboardDir, 'index.html'))) {
    throw new Error(`the dashboard is not built (${dashboardDir}): run npm run build`);
  }
}

/** A workspace with accounts and transactions of every type on known days. */
export async function seedDashboard(h: Harness) {
  const ws = await workspaceFactory(h.deps, 'Dashboard');
  const alice = await activeAccount(ws.ctx, 'alice@example.com');
  const bob = await activeAccount(ws.ctx, 'bob@example.com');
  await createBank(at(ws.ctx, '2026-11-01T10:00:00Z'), alice, { reference: 'inv-0001' });
  await createBank(at(ws.ctx, '2026-11-02T10:00:00Z'), alice, { amount: '250.00' });
  await createCrypto(at(ws.ctx, '2026-11-03T10:00:00Z'), bob);
  await createCrypto(at(ws.ctx, '2026-11-04T10:00:00Z'), bob);
  await createTrade(at(ws.ctx, '2026-11-05T10:00:00Z'), alice);
  await createTrade(ws.ctx, bob);
  return { ...ws, alice, bob };
}
