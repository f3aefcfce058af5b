import { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { fieldError, validationError } from '../errors.js';
import { listReads } from '../read-routing.js';
import { assertUuid } from '../validation/uuid.js';

export const DELIVERY_GROUPS = ['TARGET', 'DAY'] as const;

export interface DeliveryStatsRow {
  targetId: string | null;
  day: string | null;
  deliveries: number;
  succeeded: number;
  failed: number;
  pending: number;
  attempts: number;
  /** succeeded / (succeeded + failed); null while nothing has finished. */
  successRate: number | null;
  avgLatencyMs: number | null;
  p95LatencyMs: number | null;
}

const GROUP_SQL = {
  TARGET: Prisma.sql`d.target_id::text`,
  DAY: Prisma.sql`to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
};

/** Analysts: delivery outcomes, attempts and latency by target and/or UTC day, in SQL. */
export async function deliveryStats(
  caller: Ctx,
  input: { groupBy: readonly string[]; targetId?: string | null },
): Promise<DeliveryStatsRow[]> {
  const ctx = listReads(caller);
  if (input.groupBy.some((g) => !(DELIVERY_GROUPS as readonly string[]).includes(g))) {
    throw validationError([
      fieldError('groupBy', 'not_allowed', `must be among ${DELIVERY_GROUPS.join(', ')}`, { allowed: [...DELIVERY_GROUPS] }),
    ]);
  }
  const groups = [...new Set(input.groupBy)] as (keyof typeof GROUP_SQL)[];
  // Test sends are checks of a receiver, not events: they count in no statistic.
  const where = [Prisma.sql`d.workspace_id = ${ctx.workspaceId}::uuid`, Prisma.sql`d.test_event IS NULL`];
  if (input.targetId) where.push(Prisma.sql`d.target_id = ${assertUuid('targetId', input.targetId)}::uuid`);
  const cols = [
    groups.includes('TARGET') ? Prisma.sql`${GROUP_SQL.TARGET} AS "targetId"` : Prisma.sql`NULL AS "targetId"`,
    groups.includes('DAY') ? Prisma.sql`${GROUP_SQL.DAY} AS "day"` : Prisma.sql`NULL AS "day"`,
  ];
  const groupBy = groups.length ? Prisma.sql`GROUP BY ${Prisma.join(groups.map((g) => GROUP_SQL[g]))} ORDER BY 1, 2` : Prisma.empty;
  const rows = await ctx.db.$queryRaw<Record<string, unknown>[]>`
    SELECT ${Prisma.join(cols)},
      count(DISTINCT d.id)::int AS deliveries,
      count(DISTINCT d.id) FILTER (WHERE d.status = 'succeeded')::int AS succeeded,
      count(DISTINCT d.id) FILTER (WHERE d.status = 'failed')::int AS failed,
      count(DISTINCT d.id) FILTER (WHERE d.status = 'pending')::int AS pending,
      count(a.id)::int AS attempts,
      avg(a.duration_ms)::float8 AS "avgLatencyMs",
      percentile_cont(0.95) WITHIN GROUP (ORDER BY a.duration_ms)::float8 AS "p95LatencyMs"
    FROM webhook_deliveries d LEFT JOIN webhook_attempts a ON a.workspace_id = d.workspace_id AND a.delivery_id = d.id
    WHERE ${Prisma.join(where, ' AND ')} ${groupBy}`;
  return rows.map((r) => {
    const succeeded = r.succeeded as number;
    const failed = r.failed as number;
    return {
      targetId: (r.targetId as string | null) ?? null,
      day: (r.day as string | null) ?? null,
      deliveries: r.deliveries as number,
      succeeded,
      failed,
      pending: r.pending as number,
      attempts: r.attempts as number,
      successRate: succeeded + failed ? succeeded / (succeeded + failed) : null,
      avgLatencyMs: (r.avgLatencyMs as number | null) ?? null,
      p95LatencyMs: (r.p95LatencyMs as number | null) ?? null,
    };
  });
}
