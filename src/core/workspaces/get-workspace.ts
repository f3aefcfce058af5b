import type { Ctx } from '../context.js';
import { readWorkspace, type WorkspaceDto } from './workspace-dto.js';

/** `getWorkspace`: the settings of the caller's own workspace (never another's: there is no id to ask for). */
export async function getWorkspace(ctx: Ctx): Promise<WorkspaceDto> {
  return readWorkspace(ctx.db, ctx, ctx.workspaceId);
}
