import type { Prisma } from '../../../db/generated/prisma/client.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Ctx } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { type DocumentDto, documentSelect, toDocumentDto } from './document-dto.js';
import { announceDocument } from './document-events.js';
import { evidenceFrozen } from './evidence-freeze.js';
import { documentStoreOf } from './holder-link.js';
import type { AcceptedMediaType } from './media-type.js';

/** Verification row locked for the rest of the transaction (uploads of one account serialise here). */
async function lockVerification(tx: Prisma.TransactionClient, ctx: Ctx, accountId: string) {
  const rows = await tx.$queryRaw<
    { status: string; id_document_type: string | null; documents_completed_at: Date | null; signed_at: Date | null }[]
  >`
    SELECT status::text AS status, id_document_type::text AS id_document_type, documents_completed_at, signed_at
    FROM banking_verifications WHERE account_id = ${accountId}::uuid AND workspace_id = ${ctx.workspaceId}::uuid
    FOR UPDATE`;
  return rows[0];
}

/**
 * The document's row, unpublished (`uploadedAt` null, so no read or list sees it) while its content
 * streams in, outside any transaction so a slow phone holds no lock.
 */
export async function createPendingDocument(
  ctx: Ctx,
  d: { id: string; accountId: string; kind: string; fileName: string; mediaType: AcceptedMediaType; createdAt: Date },
): Promise<void> {
  await ctx.db.kycDocument.create({
    data: { ...d, workspaceId: ctx.workspaceId, sizeBytes: 0, sha256: '' },
    select: { id: true },
  });
}

/**
 * Publishes a stored document in one transaction, checking again under the verification's lock
 * (review may have started, or the holder signed, while the file streamed in), replacing the
 * earlier document of its kind and announcing it. Answers the document and the ids it replaced,
 * whose contents the caller deletes after the commit.
 */
export async function publishDocument(
  ctx: Ctx,
  p: { id: string; accountId: string; kind: string; sizeBytes: number; sha256: string; now: Date },
): Promise<{ doc: DocumentDto; replaced: string[] }> {
  const { id, accountId, kind } = p;
  return ctx.db.$transaction(async (tx) => {
    const v = await lockVerification(tx, ctx, accountId);
    if (!v) throw notFound('banking verification');
    const before = await tx.kycDocument.count({
      where: { workspaceId: ctx.workspaceId, accountId, kind, id: { not: id }, uploadedAt: { not: null } },
    });
    const frozen = evidenceFrozen({ status: v.status, signedAt: v.signed_at }, { kind: 'document', replacing: before > 0 });
    if (frozen) throw frozen;
    const published = await tx.kycDocument.updateMany({
      where: { workspaceId: ctx.workspaceId, id, uploadedAt: null },
      data: { sizeBytes: p.sizeBytes, sha256: p.sha256, uploadedAt: ctx.clock.now() },
    });
    // A new save of the KYC data removed this upload meanwhile: it belongs to a replaced link.
    if (published.count === 0) throw new AppError('INVALID_STATE', 'This link was replaced while the file was uploading.');
    const older = await tx.kycDocument.findMany({
      where: { workspaceId: ctx.workspaceId, accountId, kind, id: { not: id }, uploadedAt: { not: null } },
      select: { id: true },
    });
    const replaced = older.map((d) => d.id);
    if (replaced.length) await tx.kycDocument.deleteMany({ where: { workspaceId: ctx.workspaceId, id: { in: replaced } } });
    const doc = toDocumentDto(
      await tx.kycDocument.findUniqueOrThrow({ where: { workspaceId_id: { workspaceId: ctx.workspaceId, id } }, select: documentSelect }),
    );
    await announceDocument(tx, ctx, {
      accountId,
      doc,
      replaced: replaced.length > 0,
      idDocumentType: v.id_document_type,
      completedBefore: v.documents_completed_at !== null,
      now: p.now,
    });
    await recordAudit(tx, ctx, {
      action: 'kyc.document_uploaded',
      object: { type: 'kyc_document', id },
      changes: {
        accountId: { after: accountId },
        kind: { after: kind },
        sizeBytes: { after: p.sizeBytes },
        ...(replaced.length ? { replaced: { before: replaced, after: null } } : {}),
      },
    });
    return { doc, replaced };
  });
}

/** A document that was refused or failed midway: its content and its unpublished row go. */
export async function discardDocument(ctx: Ctx, id: string): Promise<void> {
  await documentStoreOf(ctx).delete(ctx.workspaceId, [id]);
  await ctx.db.kycDocument.deleteMany({ where: { workspaceId: ctx.workspaceId, id, uploadedAt: null } });
}
