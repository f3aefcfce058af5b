import { recordAudit } from '../audit/record-audit.js';
import { requireCredentialManager, requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { notFound } from '../errors.js';
import { assertUuid } from '../validation/uuid.js';

export interface RevokeApiKeyInput {
  apiKeyId: string;
}

/** Revokes a key of the caller's workspace; revoking twice keeps the first revocation time. */
export async function revokeApiKey(ctx: Ctx, input: RevokeApiKeyInput) {
  requireCredentialManager(ctx);
  requireWriter(ctx);
  const key = await ctx.db.apiKey.findFirst({
    where: { id: assertUuid('apiKeyId', input?.apiKeyId), workspaceId: ctx.workspaceId },
    select: { id: true, revokedAt: true },
  });
  if (!key) throw notFound('API key');
  const revokedAt =
    key.revokedAt ??
    (await ctx.db.$transaction(async (tx) => {
      const row = await tx.apiKey.update({
        where: { id: key.id },
        data: { revokedAt: ctx.clock.now() },
        select: { revokedAt: true, name: true },
      });
      await recordAudit(tx, ctx, {
        action: 'api_key.revoked',
        object: { type: 'api_key', id: key.id },
        changes: { name: { before: row.name }, revokedAt: { before: null, after: row.revokedAt } },
      });
      return row.revokedAt;
    }));
  // This process refuses the key from its next request on; the others when the update's
  // notification reaches them (see credential-cache.ts).
  ctx.credentials?.clear();
  return { apiKeyId: key.id, revokedAt: (revokedAt as Date).toISOString() };
}
