import { recordAudit } from '../audit/record-audit.js';
import { requireCredentialManager, requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { validateBody } from '../validation/validators.js';
import { insertApiKey } from './credentials.js';

export type CreateApiKeyInput = Schemas['CreateApiKeyRequest'];

/** A new API key for the caller's workspace; the secret is returned once and stored hashed. */
export async function createApiKey(ctx: Ctx, input: CreateApiKeyInput): Promise<Schemas['CreatedApiKey']> {
  requireCredentialManager(ctx);
  requireWriter(ctx);
  const { name } = validateBody('CreateApiKeyRequest', input ?? {});
  const key = await ctx.db.$transaction(async (tx) => {
    const created = await insertApiKey(tx, ctx.ids, ctx.workspaceId, name?.trim() || null);
    await recordAudit(tx, ctx, {
      action: 'api_key.created',
      object: { type: 'api_key', id: created.apiKeyId },
      changes: { name: { after: name?.trim() || null }, prefix: { after: created.prefix } },
    });
    return created;
  });
  return { apiKeyId: key.apiKeyId, name: name?.trim() || null, prefix: key.prefix, createdAt: key.createdAt, key: key.key };
}
