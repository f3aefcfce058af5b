import type { Prisma } from '../../db/generated/prisma/client.js';
import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';

const apiKeySelect = {
  id: true,
  name: true,
  prefix: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} satisfies Prisma.ApiKeySelect;

/** The workspace's API keys, newest first (a workspace has few: no paging). Secrets are never listed. */
export async function listApiKeys(ctx: Ctx): Promise<{ data: Schemas['ApiKey'][] }> {
  const rows = await ctx.db.apiKey.findMany({
    where: { workspaceId: ctx.workspaceId },
    select: apiKeySelect,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  return {
    data: rows.map((r) => ({
      apiKeyId: r.id,
      name: r.name,
      prefix: r.prefix,
      createdAt: r.createdAt.toISOString(),
      lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
      revokedAt: r.revokedAt?.toISOString() ?? null,
    })),
  };
}
