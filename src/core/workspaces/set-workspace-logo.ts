import { createHash } from 'node:crypto';
import { recordAudit } from '../audit/record-audit.js';
import { requireWriter } from '../auth/authorize.js';
import type { Ctx } from '../context.js';
import { AppError } from '../errors.js';
import { logoMediaType } from './logo-image.js';
import { readWorkspace, type WorkspaceDto } from './workspace-dto.js';

export interface SetWorkspaceLogoInput {
  /** The image's bytes, as sent. */
  content: unknown;
}

/** `setWorkspaceLogo`: stores a PNG or JPEG (checked by its bytes, at most LOGO_MAX_BYTES) as the workspace's logo. */
export async function setWorkspaceLogo(ctx: Ctx, input: SetWorkspaceLogoInput): Promise<WorkspaceDto> {
  requireWriter(ctx);
  if (!(input.content instanceof Uint8Array)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'send the image itself as the body, with Content-Type image/png or image/jpeg');
  }
  const content = new Uint8Array(input.content);
  const mediaType = logoMediaType(content);
  const logo = {
    mediaType,
    content,
    size: content.length,
    sha256: createHash('sha256').update(content).digest('hex'),
    updatedAt: ctx.clock.now(),
  };
  await ctx.db.$transaction(async (tx) => {
    const before = await tx.workspaceLogo.findUnique({ where: { workspaceId: ctx.workspaceId }, select: { sha256: true } });
    await tx.workspaceLogo.upsert({
      where: { workspaceId: ctx.workspaceId },
      create: { workspaceId: ctx.workspaceId, ...logo },
      update: logo,
      select: { workspaceId: true },
    });
    await recordAudit(tx, ctx, {
      action: 'workspace.logo_set',
      object: { type: 'workspace', id: ctx.workspaceId },
      changes: { logoSha256: { before: before?.sha256 ?? null, after: logo.sha256 }, mediaType: { after: mediaType } },
    });
  });
  return readWorkspace(ctx.db, ctx, ctx.workspaceId);
}
