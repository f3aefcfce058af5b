import { Prisma } from '../../db/generated/prisma/client.js';
import type { Authenticated, Deps } from '../context.js';
import type { Schemas } from '../contract.js';
import { AppError } from '../errors.js';
import { ADMIN_TOKEN_PREFIX, hashSecret, looksLikeSecret } from './secrets.js';

export type { Authenticated } from '../context.js';

const SCHEME = /^(APIKey|Bearer)\s+(\S+)\s*$/i;

function unauthenticated(message: string): AppError {
  return new AppError('UNAUTHENTICATED', message);
}

/**
 * Resolves an `Authorization` header value (`APIKey <secret>` or `Bearer <secret>`) to the
 * workspace and actor. API keys and admin tokens are accepted by every protocol. Every failure
 * is UNAUTHENTICATED with a message that never repeats the presented secret.
 */
export async function authenticate(deps: Deps, header: string | undefined): Promise<Authenticated> {
  if (!header) throw unauthenticated('missing Authorization header; send "Authorization: APIKey <key>"');
  const match = SCHEME.exec(header);
  if (!match) throw unauthenticated('malformed Authorization header; expected "APIKey <key>" or "Bearer <key>"');
  const secret = match[2] ?? '';
  if (!looksLikeSecret(secret)) throw unauthenticated('invalid credentials');
  const hash = hashSecret(secret);
  const cache = deps.credentials;
  const hit = cache?.get(hash);
  if (hit) {
    if (hit.value.actor.kind === 'api_key' && Date.now() - hit.touchedAt > LAST_USED_EVERY_MS) {
      hit.touchedAt = Date.now();
      await touch(deps, hit.value.actor.apiKeyId);
    }
    return hit.value;
  }
  const generation = cache?.generation ?? 0;
  const found = await lookup(deps, secret, hash);
  if (!found) throw unauthenticated('invalid credentials');
  // Frozen: one answer serves many requests.
  Object.freeze(found.actor);
  cache?.set(hash, Object.freeze(found), generation);
  return found;
}

/**
 * The remembered answer for a header, without any query: undefined when the credential is not in
 * the credential cache (unknown, invalid, or not looked up recently). The rate limiter uses it to
 * tell a known caller at once.
 */
export function cachedAuthentication(deps: Deps, header: string | undefined): Authenticated | undefined {
  const secret = header ? SCHEME.exec(header)?.[2] : undefined;
  if (!secret || !looksLikeSecret(secret)) return undefined;
  return deps.credentials?.get(hashSecret(secret))?.value;
}

/** "Last used" for the dashboard's key list, written at most once a minute per key (and process). */
const LAST_USED_EVERY_MS = 60_000;

async function touch(deps: Deps, apiKeyId: string): Promise<void> {
  await deps.sql(Prisma.sql`UPDATE api_keys SET last_used_at = now() WHERE id = ${apiKeyId}::uuid`);
}

/** The credential's workspace and actor, or null: one indexed query straight through the driver, prepared once per connection. */
async function lookup(deps: Deps, secret: string, hash: string): Promise<Authenticated | null> {
  if (secret.startsWith(ADMIN_TOKEN_PREFIX)) {
    const rows = await deps.sql<{
      adminId: string;
      email: string;
      role: Schemas['TeamMember']['role'];
      workspaceId: string;
      sandbox: boolean;
    }>(
      Prisma.sql`
      SELECT a.id::text AS "adminId", a.email, a.role::text AS role, a.workspace_id::text AS "workspaceId", w.sandbox
      FROM admin_tokens t JOIN admins a ON a.id = t.admin_id JOIN workspaces w ON w.id = a.workspace_id
      WHERE t.token_hash = ${hash} AND t.revoked_at IS NULL`,
      { prepare: 'fas_authenticate_admin_token' },
    );
    const a = rows[0];
    if (!a) return null;
    return { workspaceId: a.workspaceId, sandbox: a.sandbox, actor: { kind: 'admin', role: a.role, adminId: a.adminId, email: a.email } };
  }
  const rows = await deps.sql<{ id: string; name: string | null; workspaceId: string; sandbox: boolean; stale: boolean }>(
    Prisma.sql`
    SELECT k.id::text AS id, k.name, k.workspace_id::text AS "workspaceId", w.sandbox,
           (k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 minute') AS stale
    FROM api_keys k JOIN workspaces w ON w.id = k.workspace_id
    WHERE k.key_hash = ${hash} AND k.revoked_at IS NULL`,
    { prepare: 'fas_authenticate_api_key_named' },
  );
  const key = rows[0];
  if (!key) return null;
  if (key.stale) await touch(deps, key.id);
  return { workspaceId: key.workspaceId, sandbox: key.sandbox, actor: { kind: 'api_key', role: 'api', apiKeyId: key.id, name: key.name } };
}
