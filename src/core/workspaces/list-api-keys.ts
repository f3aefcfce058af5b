import type { Prisma } from '../../db/generated/prisma/client.js';
import { requireCredentialManager } from '../auth/authorize.js';
import { columns, withIsoDates } from '../columns.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';

const apiKeySelect = columns('id', 'name', 'prefix', 'createdAt', 'lastUsedAt', 'revokedAt') satisfies Prisma.ApiKeySelect;

/** The workspace's API keys, newest first (a workspace has few: no paging). Secrets are never listed. */
export async function listApiKeys(ctx: Ctx): Promise<{ data: Schemas['ApiKey'][] }> {
  requireCredentialManager(ctx);
  const rows = await ctx.db.apiKey.findMany({
    where: { workspaceId: ctx.workspaceId },
    select: apiKeySelect,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  return {
    data: rows.map(({ id, ...r }) => ({ apiKeyId: id, ...withIsoDates(r) })),
  };
}
