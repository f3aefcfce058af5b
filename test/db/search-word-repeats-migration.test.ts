import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateTransactionStatus } from '../../src/core/transactions/simulate-transaction-status.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';
import { defaultMigrationsDir } from '../../src/db/migrate.js';
import { activeAccount, at, createBank } from '../factories/transactions.js';
import { workspaceFactory } from '../factories/workspace.js';
import { type Harness, startHarness } from '../support/harness.js';

// The migration fills search_word_repeats from the rows already there with SQL of its own (it
// cannot import ROW_REPEATS): what it writes must equal what the writes keep.
const MIGRATION = path.join(defaultMigrationsDir, '20261231300000_search_word_repeats', 'migration.sql');
let h: Harness;
let ws: Awaited<ReturnType<typeof workspaceFactory>>;

beforeAll(async () => {
  h = await startHarness();
  ws = await workspaceFactory(h.deps);
  const ctx = at(ws.ctx, '2026-07-01T12:00:00.000Z');
  const account = await activeAccount(at(ws.ctx, '2026-06-30T12:00:00.000Z'), 'payroll@example.com');
  const eur = { instrumentType: 'swift', beneficiarySwiftCode: 'DEUTDEFF', beneficiaryRoutingNumber: undefined, coin: 'EUR' };
  await createBank(ctx, account, { beneficiaryName: 'Payroll Payment', addenda: ['PAYEE PAY 1 Paypal'] });
  await createBank(ctx, account, { ...eur, beneficiaryName: 'Zeta Zetan zeta1 Ab Abc' });
  const changed = await createBank(ctx, account, { beneficiaryName: 'Acme Acmes', addenda: ['ACMEX 2026 202607'] });
  await createBank(ctx, account, { beneficiaryName: 'Plain Name' });
  await simulateTransactionStatus(ctx, { transactionId: changed.id, body: { status: 'processing' } });
}, 120_000);
afterAll(async () => h?.close());

const repeats = () =>
  h.deps.sql<{ row: string }>(Prisma.sql`
    SELECT concat_ws(' ', word, prev, transaction_id, account_id, coins, transaction_type, status, created_at) AS row
    FROM search_word_repeats WHERE workspace_id = ${ws.workspaceId}::uuid ORDER BY 1`);

describe('migration 20261231300000_search_word_repeats', () => {
  it('fills the repeated words of existing rows as the writes keep them', async () => {
    const kept = await repeats();
    expect(kept.map((r) => r.row.split(' ').slice(0, 2).join(' '))).toEqual([
      '202607 2026',
      'acmes acme',
      'acmex acmes',
      'payee pay',
      'payment payee',
      'paypal payment',
      'payroll paypal',
      'zeta1 zeta',
      'zetan zeta1',
    ]);
    expect(kept.some((r) => r.row.includes('processing'))).toBe(true);
    await h.deps.db.$executeRawUnsafe('DROP TABLE search_word_repeats');
    const statements = readFileSync(MIGRATION, 'utf8')
      .replace(/^--.*$/gm, '')
      .split(/;\s*$/m)
      .map((s) => s.trim())
      .filter((s) => s !== '');
    expect(statements.length).toBe(5);
    for (const s of statements) await h.deps.db.$executeRawUnsafe(s);
    expect(await repeats()).toEqual(kept);
  });
});
