import { Prisma } from '../../db/generated/prisma/client.js';
import type { Deps } from '../context.js';

/** The delivery queue and the disabled targets, across every workspace (the server's metrics). */
export interface DeliveryGauges {
  /** Pending deliveries whose next attempt is due now. */
  due: number;
  /** Pending deliveries waiting for a later attempt. */
  scheduled: number;
  disabledTargets: number;
}

/** Reads the delivery gauges: two counts the status indexes keep to the pending and disabled rows. */
export async function readDeliveryGauges(deps: Pick<Deps, 'sql'>): Promise<DeliveryGauges> {
  // The status index keeps this to the pending rows, whatever the size of the delivery history.
  const [queue] = await deps.sql<{ due: number; scheduled: number }>(Prisma.sql`
    SELECT count(*) FILTER (WHERE next_attempt_at <= now())::int AS due, count(*) FILTER (WHERE next_attempt_at > now())::int AS scheduled
    FROM webhook_deliveries WHERE status = 'pending'`);
  const [targets] = await deps.sql<{ n: number }>(Prisma.sql`SELECT count(*)::int AS n FROM webhook_targets WHERE status = 'disabled'`);
  return { due: queue?.due ?? 0, scheduled: queue?.scheduled ?? 0, disabledTargets: targets?.n ?? 0 };
}
