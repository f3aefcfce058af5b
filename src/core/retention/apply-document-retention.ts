import type { Prisma } from '../../db/generated/prisma/client.js';
import { recordAudit } from '../audit/record-audit.js';
import { type Ctx, createContext, type Deps } from '../context.js';
import { documentStoreOf } from '../kyc/documents/holder-link.js';

/** Documents deleted by one transaction: bounds its locks and its time. */
export const RETENTION_BATCH = 200;
/** Batches per round at most; the next round goes on. */
const MAX_BATCHES = 10;

export interface RemovedDocument {
  workspaceId: string;
  accountId: string;
  documentId: string;
  kind: string;
}

/** The worker acts as the system in each workspace it removes from (its audit records say `system`). */
function systemCtx(deps: Deps, workspaceId: string): Ctx {
  return createContext(deps, { workspaceId, sandbox: false, actor: { kind: 'system', role: 'admin', name: 'document retention' } });
}

/**
 * One batch: the oldest documents of rejected verifications whose workspace's retention
 * (`document_retention_days`, null: forever) has run out since `rejected_at`, deleted in one
 * transaction (rows locked with SKIP LOCKED, so two workers share the work). Their contents leave
 * the document store after the commit. Answers what went.
 */
async function removeBatch(deps: Deps, now: Date, batch: number): Promise<RemovedDocument[]> {
  const removed = await deps.db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<RemovedDocument[]>`
      DELETE FROM kyc_documents d WHERE (d.workspace_id, d.id) IN (
        SELECT k.workspace_id, k.id FROM kyc_documents k
        JOIN banking_verifications v ON v.workspace_id = k.workspace_id AND v.account_id = k.account_id
        JOIN workspaces w ON w.id = k.workspace_id
        WHERE w.document_retention_days IS NOT NULL AND v.status = 'rejected'
          AND v.rejected_at < ${now}::timestamptz - make_interval(days => w.document_retention_days)
        ORDER BY v.rejected_at
        LIMIT ${batch}
        FOR UPDATE OF k SKIP LOCKED)
      RETURNING d.workspace_id::text AS "workspaceId", d.account_id::text AS "accountId", d.id::text AS "documentId", d.kind`;
    for (const r of rows) await recordRemoval(tx, systemCtx(deps, r.workspaceId), r);
    return rows;
  });
  const byWorkspace = new Map<string, string[]>();
  for (const r of removed) byWorkspace.set(r.workspaceId, [...(byWorkspace.get(r.workspaceId) ?? []), r.documentId]);
  for (const [workspaceId, ids] of byWorkspace) await documentStoreOf(deps).delete(workspaceId, ids);
  return removed;
}

/** The audit record of one removal, as `system`: which document of which account, of which kind (no file name). */
async function recordRemoval(tx: Prisma.TransactionClient, ctx: Ctx, r: RemovedDocument): Promise<void> {
  await recordAudit(tx, ctx, {
    action: 'kyc.document_removed_by_retention',
    object: { type: 'kyc_document', id: r.documentId },
    changes: { accountId: { before: r.accountId }, kind: { before: r.kind } },
  });
}

/**
 * One retention round: batches of `batch` until one is not full (at most MAX_BATCHES). Answers the
 * documents removed. The time is the deps' clock's, so a test drives it with a fixed clock.
 */
export async function applyDocumentRetention(deps: Deps, opts: { batch?: number } = {}): Promise<RemovedDocument[]> {
  const batch = opts.batch ?? RETENTION_BATCH;
  const now = deps.clock.now();
  const all: RemovedDocument[] = [];
  for (let i = 0; i < MAX_BATCHES; i++) {
    const removed = await removeBatch(deps, now, batch);
    all.push(...removed);
    if (removed.length < batch) break;
  }
  return all;
}
