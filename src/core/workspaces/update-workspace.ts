import { recordAudit } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { fieldError, validationError } from '../errors.js';
import { validateBody } from '../validation/validators.js';
import { readWorkspace, type WorkspaceDto } from './workspace-dto.js';

/**
 * `updateWorkspace`: sets (or clears, with null) what holders see: the display name and the
 * support contact; and the retention of rejected verifications' documents (days, null: forever).
 * A field left out stays as it is. The display name is trimmed; what is left must still be 1-100
 * characters, so a name of spaces is refused rather than stored empty.
 */
export async function updateWorkspace(ctx: Ctx, input: unknown): Promise<WorkspaceDto> {
  requireWriter(ctx);
  const body = validateBody('UpdateWorkspaceRequest', input);
  const data: {
    displayName?: string | null;
    supportEmail?: string | null;
    supportUrl?: string | null;
    documentRetentionDays?: number | null;
  } = {};
  if (body.displayName !== undefined) {
    const displayName = body.displayName === null ? null : body.displayName.trim();
    if (displayName !== null && displayName.length === 0)
      throw validationError([fieldError('displayName', 'too_short', 'must not be blank', { limit: 1 })]);
    data.displayName = displayName;
  }
  if (body.supportEmail !== undefined) data.supportEmail = body.supportEmail;
  if (body.supportUrl !== undefined) data.supportUrl = body.supportUrl;
  if (body.documentRetentionDays !== undefined) data.documentRetentionDays = body.documentRetentionDays;
  await ctx.db.$transaction(async (tx) => {
    const before = await tx.workspace.findUniqueOrThrow({
      where: { id: ctx.workspaceId },
      select: { displayName: true, supportEmail: true, supportUrl: true, documentRetentionDays: true },
    });
    await tx.workspace.update({ where: { id: ctx.workspaceId }, data, select: { id: true } });
    // The fields given, before and after (the support contact is the workspace's own, not a holder's PII).
    const changes = Object.fromEntries(Object.entries(data).map(([k, after]) => [k, { before: before[k as keyof typeof before], after }]));
    await recordAudit(tx, ctx, { action: 'workspace.updated', object: { type: 'workspace', id: ctx.workspaceId }, changes });
  });
  return readWorkspace(ctx.db, ctx, ctx.workspaceId);
}
