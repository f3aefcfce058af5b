import { recordAudit } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { readWorkspace, type WorkspaceDto } from './workspace-dto.js';

/** `deleteWorkspaceLogo`: the pages show the name alone again; removing no logo is not an error. */
export async function deleteWorkspaceLogo(ctx: Ctx): Promise<WorkspaceDto> {
  requireWriter(ctx);
  await ctx.db.$transaction(async (tx) => {
    const removed = await tx.workspaceLogo.deleteMany({ where: { workspaceId: ctx.workspaceId } });
    if (removed.count > 0)
      await recordAudit(tx, ctx, { action: 'workspace.logo_deleted', object: { type: 'workspace', id: ctx.workspaceId } });
  });
  return readWorkspace(ctx.db, ctx, ctx.workspaceId);
}
