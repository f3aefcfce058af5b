import { createHash } from 'node:crypto';

/** The `prev_hash` of a workspace's first record. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields a record's hash covers, as stored (`audit_records`). */
export interface AuditFields {
  workspaceId: string;
  occurredAt: Date;
  actorKind: string;
  actorId: string | null;
  actorName: string | null;
  actorRole: string;
  requestId: string | null;
  clientAddress: string | null;
  action: string;
  objectType: string;
  objectId: string;
  changes: unknown;
}

/** A record as stored: its hashed fields (but the workspace, which a read already knows), its number and its links. */
export type StoredAuditRecord<Changes> = Omit<AuditFields, 'workspaceId' | 'changes'> & {
  seq: string;
  changes: Changes;
  prevHash: string;
  hash: string;
};

/** A JSON value with object keys sorted at every level, so jsonb's own key order cannot change a hash. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = canonical((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/** The text a record's hash covers besides its number and the previous hash: one JSON array. */
export function auditPayload(f: AuditFields): string {
  return JSON.stringify([
    f.workspaceId,
    f.occurredAt.toISOString(),
    f.actorKind,
    f.actorId,
    f.actorName,
    f.actorRole,
    f.requestId,
    f.clientAddress,
    f.action,
    f.objectType,
    f.objectId,
    // As stored: through JSON first (a Date becomes its ISO string, undefined fields go), as jsonb keeps it.
    canonical(JSON.parse(JSON.stringify(f.changes ?? null))),
  ]);
}

/**
 * A record's hash: SHA-256 (hex) of `prevHash \n seq \n payload`. The append computes it in SQL
 * (`record-audit.ts`, the same formula) while it holds the chain head; `fas audit verify` here.
 */
export function auditHash(prevHash: string, seq: bigint | number | string, payload: string): string {
  return createHash('sha256').update(`${prevHash}\n${seq}\n${payload}`, 'utf8').digest('hex');
}
