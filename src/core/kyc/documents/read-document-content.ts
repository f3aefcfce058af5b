import { recordAudit } from '../../audit/record-audit.js';
import type { Ctx } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { assertUuid } from '../../validation/uuid.js';
import { type DocumentDto, documentSelect, toDocumentDto } from './document-dto.js';
import { documentStoreOf } from './holder-link.js';

/**
 * A document's content, for the workspace's API keys and admins (analysts read metadata only).
 * The read is recorded (who, when) before any byte leaves.
 */
export async function readDocumentContent(
  ctx: Ctx,
  input: { accountId: string; documentId: string },
): Promise<{ document: DocumentDto; content: AsyncIterable<Buffer> }> {
  if (ctx.actor.role === 'analyst') throw new AppError('FORBIDDEN', 'analysts may see document metadata, not content');
  const accountId = assertUuid('accountId', input.accountId);
  const documentId = assertUuid('documentId', input.documentId);
  const row = await ctx.db.kycDocument.findFirst({
    where: { id: documentId, accountId, workspaceId: ctx.workspaceId, uploadedAt: { not: null } },
    select: documentSelect,
  });
  if (!row) throw notFound('document');
  const a = ctx.actor;
  await ctx.db.$transaction(async (tx) => {
    await tx.kycDocumentRead.create({
      data: {
        id: ctx.ids.uuid(),
        workspaceId: ctx.workspaceId,
        accountId,
        documentId,
        actorKind: a.kind,
        apiKeyId: a.kind === 'api_key' ? a.apiKeyId : null,
        adminId: a.kind === 'admin' ? a.adminId : null,
        adminEmail: a.kind === 'admin' ? a.email : null,
        readAt: ctx.clock.now(),
      },
      select: { id: true },
    });
    await recordAudit(tx, ctx, {
      action: 'kyc.document_viewed',
      object: { type: 'kyc_document', id: documentId },
      changes: { accountId: { after: accountId }, kind: { after: row.kind } },
    });
  });
  return { document: toDocumentDto(row), content: documentStoreOf(ctx).read(ctx.workspaceId, documentId) };
}
