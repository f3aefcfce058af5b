import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Actor, Ctx } from '../context.js';
import { type AuditFields, auditPayload, GENESIS_HASH } from './audit-hash.js';

/**
 * What changed: per field, its value before and after (either may be absent for a creation or a
 * removal). Never PII or secrets in clear: name the field and say `"sealed"`, or leave it out.
 */
export type AuditChanges = Record<string, { before?: unknown; after?: unknown }>;

/** The value recorded for a field that changed but holds PII or a secret: the change is named, never its value. */
export const WITHHELD = '(withheld)';

/**
 * A URL as the audit log keeps it: scheme, host and path. Its query and credentials are dropped (a
 * webhook URL may carry a token there), and their presence is marked.
 */
export function auditUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}${u.search ? '?(withheld)' : ''}`;
  } catch {
    return WITHHELD;
  }
}

/** `AuditChanges` naming fields that were set or changed whose values are PII or secrets. */
export function withheldFields(keys: Iterable<string>, when: 'after' | 'both' = 'after'): AuditChanges {
  const out: AuditChanges = {};
  for (const key of keys) out[key] = when === 'both' ? { before: WITHHELD, after: WITHHELD } : { after: WITHHELD };
  return out;
}

export interface AuditEntry {
  /** `<object>.<verb>`, lower snake case: `transaction.status_changed`, `api_key.revoked`, `kyc.document_viewed`. */
  action: string;
  object: { type: string; id: string };
  changes?: AuditChanges;
}

/** Writes that `recordAudit` can append through: a transaction client (or the client itself for a lone read). */
export type AuditWriter = Pick<Prisma.TransactionClient, '$executeRaw'>;

const ACTION = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;

/** The actor's columns: an API key by id and name, an admin by id, email and role, or `system`. */
export function actorColumns(actor: Actor): Pick<AuditFields, 'actorKind' | 'actorId' | 'actorName' | 'actorRole'> {
  if (actor.kind === 'api_key') return { actorKind: 'api_key', actorId: actor.apiKeyId, actorName: actor.name ?? null, actorRole: 'api' };
  if (actor.kind === 'admin') return { actorKind: 'admin', actorId: actor.adminId, actorName: actor.email, actorRole: actor.role };
  return { actorKind: 'system', actorId: null, actorName: actor.name ?? 'system', actorRole: 'system' };
}

/**
 * Appends one record to the workspace's audit log inside the caller's database transaction, so the
 * record exists exactly when the change does (a rollback takes both away).
 *
 * The chain: one statement upserts the workspace's chain head (`audit_chain_heads`), which row-locks
 * it until the commit and so orders concurrent appends, computes the new hash in SQL from the head's
 * (`audit-hash.ts` gives the formula) and inserts the record with both. The lock serialises the
 * workspace's audited writes from this statement to the commit: call it last, after the change's
 * own writes and events, to hold it for as short a time as possible (docs/benchmarks.md measures it).
 */
export async function recordAudit(tx: AuditWriter, ctx: Ctx, entry: AuditEntry): Promise<void> {
  if (!ACTION.test(entry.action)) throw new Error(`audit action ${JSON.stringify(entry.action)} is not <object>.<verb>`);
  const fields: AuditFields = {
    workspaceId: ctx.workspaceId,
    occurredAt: ctx.clock.now(),
    ...actorColumns(ctx.actor),
    requestId: ctx.request?.requestId ?? null,
    clientAddress: ctx.request?.clientAddress ?? null,
    action: entry.action,
    objectType: entry.object.type,
    objectId: entry.object.id,
    changes: entry.changes && Object.keys(entry.changes).length > 0 ? entry.changes : null,
  };
  const payload = auditPayload(fields);
  const changes = fields.changes === null ? null : JSON.stringify(fields.changes);
  const ws = ctx.workspaceId;
  await tx.$executeRaw`
    WITH head AS (
      INSERT INTO audit_chain_heads AS h (workspace_id, seq, prev_hash, hash)
      VALUES (${ws}::uuid, 1, ${GENESIS_HASH},
              encode(sha256(convert_to(${GENESIS_HASH} || E'\n1\n' || ${payload}::text, 'UTF8')), 'hex'))
      ON CONFLICT (workspace_id) DO UPDATE SET
        seq = h.seq + 1,
        prev_hash = h.hash,
        hash = encode(sha256(convert_to(h.hash || E'\n' || (h.seq + 1)::text || E'\n' || ${payload}::text, 'UTF8')), 'hex')
      RETURNING h.seq, h.prev_hash, h.hash
    )
    INSERT INTO audit_records (workspace_id, seq, occurred_at, actor_kind, actor_id, actor_name, actor_role,
      request_id, client_address, action, object_type, object_id, changes, prev_hash, hash)
    SELECT ${ws}::uuid, head.seq, ${fields.occurredAt}, ${fields.actorKind}, ${fields.actorId}, ${fields.actorName},
      ${fields.actorRole}, ${fields.requestId}, ${fields.clientAddress}, ${fields.action}, ${fields.objectType},
      ${fields.objectId}, ${changes}::jsonb, head.prev_hash, head.hash
    FROM head`;
}

/**
 * The fields among `keys` whose values differ between `before` and `after`, as `AuditChanges`
 * (compared as JSON, so dates and decimals compare by value).
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  keys: readonly (keyof T & string)[],
): AuditChanges {
  const out: AuditChanges = {};
  for (const key of keys) {
    if (!(key in after)) continue;
    const b = before[key];
    const a = after[key];
    if (JSON.stringify(b) !== JSON.stringify(a)) out[key] = { before: b ?? null, after: a ?? null };
  }
  return out;
}
