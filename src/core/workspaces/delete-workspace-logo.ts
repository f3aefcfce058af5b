import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { readWorkspace, type WorkspaceDto } from './workspace-dto.js';

/** `deleteWorkspaceLogo`: the pages show the name alone again; removing no logo is not an error. */
export async function deleteWorkspaceLogo(ctx: Ctx): Promise<WorkspaceDto> {
  requireWriter(ctx);
  await ctx.db.workspaceLogo.deleteMany({ where: { workspaceId: ctx.workspaceId } });
  return readWorkspace(ctx.db, ctx, ctx.workspaceId);
}
