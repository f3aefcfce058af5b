import type { SqlRunner } from '../../db/database.js';
import { Prisma } from '../../db/generated/prisma/client.js';

/**
 * Deletes up to `batch` events older than `before` (their finished deliveries and attempts go
 * with them), oldest first, skipping events a pending delivery still needs. Answers how many went;
 * the caller repeats while a whole batch went, so no statement holds many locks for long.
 */
export async function pruneEvents(sql: SqlRunner, input: { before: Date; batch: number }): Promise<number> {
  const rows = await sql<{ id: string }>(Prisma.sql`
    DELETE FROM events WHERE (workspace_id, id) IN (
      SELECT e.workspace_id, e.id FROM events e
      WHERE e.occurred_at < ${input.before}
        AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.workspace_id = e.workspace_id AND d.status = 'pending')
      ORDER BY e.occurred_at
      LIMIT ${input.batch}
      FOR UPDATE SKIP LOCKED)
    RETURNING id`);
  return rows.length;
}
