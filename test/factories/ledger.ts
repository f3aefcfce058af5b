import type { Ctx } from '../../src/core/context.js';
import { Prisma } from '../../src/db/generated/prisma/client.js';

/**
 * Gives an account `amount` more available `currency`, as an opening balance: a posted ledger entry
 * without a transaction, from the workspace's clearing account (what `fas seed` writes for its
 * accounts, docs/api.md "Balances"). Like `activeAccount`, a shortcut for tests about something
 * else: tests of deposits go through the deposit simulations. No transaction is created, so lists
 * and counts are as the test made them.
 */
export async function fund(ctx: Ctx, accountId: string, currency: string, amount: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.$executeRaw(Prisma.sql`
    WITH bal AS (
      INSERT INTO ledger_balances AS b (workspace_id, account_id, currency, posted, pending_in, pending_out, updated_at)
      VALUES (${ctx.workspaceId}::uuid, ${accountId}::uuid, ${currency}, ${amount}::numeric, 0, 0, ${now})
      ON CONFLICT (workspace_id, account_id, currency) DO UPDATE SET posted = b.posted + EXCLUDED.posted
      RETURNING b.posted, b.pending_in, b.pending_out
    )
    INSERT INTO ledger_entries (workspace_id, transaction_id, account_id, currency, type, status, created_at,
                                amount, clearing, posted, pending_in, pending_out)
    SELECT ${ctx.workspaceId}::uuid, NULL, ${accountId}::uuid, ${currency}, 'post', NULL, ${now},
           ${amount}::numeric, -${amount}::numeric, bal.posted, bal.pending_in, bal.pending_out FROM bal`);
}
