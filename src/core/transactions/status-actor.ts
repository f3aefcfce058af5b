import type { Actor } from '../context.js';
import type { Schemas } from '../contract.js';

/** Who made a status change, as the contract gives it (and as it is stored: the same object). */
export type StatusActor = NonNullable<Schemas['StatusActor']>;

/** The caller as a status history names them: a key by id and name, a person by id, email and role, or `system`. */
export function statusActorOf(actor: Actor): StatusActor {
  // The key's name comes with the credential (auth/authenticate.ts); null when it has none.
  if (actor.kind === 'api_key') return { kind: 'api_key', apiKeyId: actor.apiKeyId, apiKeyName: actor.name ?? null };
  if (actor.kind === 'admin') return { kind: 'person', adminId: actor.adminId, email: actor.email, role: actor.role };
  return { kind: 'system' };
}

/**
 * The creator of a transaction whose history predates recorded actors (migration status_actor),
 * from what its `audit` columns know: the admin, or an API key without its id; null when neither.
 */
export function creatorFromAudit(a: { auditAdminId: string | null; auditAdmin: string | null; auditApiKey: boolean }): StatusActor | null {
  if (a.auditAdminId && a.auditAdmin) return { kind: 'person', adminId: a.auditAdminId, email: a.auditAdmin, role: 'admin' };
  return a.auditApiKey ? { kind: 'api_key', apiKeyName: null } : null;
}
