import { Prisma } from '../../src/db/generated/prisma/client.js';
import type { Harness } from './harness.js';

/** A workspace's repeated words (`search_word_repeats`), each row as one line of its columns, in order. */
export function keptRepeats(h: Harness, workspaceId: string): Promise<{ row: string }[]> {
  return h.deps.sql<{ row: string }>(Prisma.sql`
    SELECT concat_ws(' ', word, prev, transaction_id, account_id, coins, transaction_type, status, created_at) AS row
    FROM search_word_repeats WHERE workspace_id = ${workspaceId}::uuid ORDER BY 1`);
}
