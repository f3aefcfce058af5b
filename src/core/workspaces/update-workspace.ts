import { recordAudit } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { validationError } from '../errors.js';
import { validateBody } from '../validation/validators.js';
import { readWorkspace, type WorkspaceDto } from './workspace-dto.js';

/**
 * `updateWorkspace`: sets (or clears, with null) the display name holders see. Trimmed; what is
 * left must still be 1-100 characters, so a name of spaces is refused rather than stored empty.
 */
export async function updateWorkspace(ctx: Ctx, input: unknown): Promise<WorkspaceDto> {
  requireWriter(ctx);
  const body = validateBody('UpdateWorkspaceRequest', input);
  const displayName = body.displayName === null ? null : body.displayName.trim();
  if (displayName !== null && displayName.length === 0) throw validationError([{ field: 'displayName', message: 'must not be blank' }]);
  await ctx.db.$transaction(async (tx) => {
    const before = await tx.workspace.findUniqueOrThrow({ where: { id: ctx.workspaceId }, select: { displayName: true } });
    await tx.workspace.update({ where: { id: ctx.workspaceId }, data: { displayName }, select: { id: true } });
    await recordAudit(tx, ctx, {
      action: 'workspace.updated',
      object: { type: 'workspace', id: ctx.workspaceId },
      changes: { displayName: { before: before.displayName, after: displayName } },
    });
  });
  return readWorkspace(ctx.db, ctx, ctx.workspaceId);
}
