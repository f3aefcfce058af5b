import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { assertUuid } from '../validation/uuid.js';

export interface AccountStatusEntry {
  status: string;
  previousStatus: string | null;
  date: string;
  /** The event that recorded it: account_created or account_status_updated. */
  event: string;
}

/** Entries returned at most; an account changes status a handful of times in its life. */
export const STATUS_HISTORY_LIMIT = 100;

/**
 * An account's statuses, newest first (like a transaction's `statusHistory`). Every status change
 * writes its event in the same database transaction (the outbox), so the account's events are
 * its complete history.
 */
export async function listAccountStatusHistory(
  ctx: Ctx,
  input: { accountId: string },
): Promise<{ data: AccountStatusEntry[]; total: number }> {
  const accountId = assertUuid('accountId', input.accountId);
  if (!(await ctx.db.account.findFirst({ where: { id: accountId, workspaceId: ctx.workspaceId }, select: { id: true } })))
    throw notFound('account');
  const where = { accountId, workspaceId: ctx.workspaceId, type: { in: ['account_created', 'account_status_updated'] } };
  const [rows, total] = await Promise.all([
    ctx.db.event.findMany({
      where,
      select: { type: true, occurredAt: true, details: true },
      orderBy: [{ occurredAt: 'desc' }, { id: 'desc' }],
      take: STATUS_HISTORY_LIMIT,
    }),
    ctx.db.event.count({ where }),
  ]);
  return {
    data: rows.map((r) => {
      const d = r.details as { account?: { status?: string }; previousStatus?: string };
      return { status: d.account?.status ?? '', previousStatus: d.previousStatus ?? null, date: r.occurredAt.toISOString(), event: r.type };
    }),
    total,
  };
}
