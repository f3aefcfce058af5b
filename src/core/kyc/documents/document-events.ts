import type { Prisma } from '../../../db/generated/prisma/client.js';
import type { Ctx } from '../../context.js';
import { emitEvent } from '../../webhooks/events.js';
import { type DocumentDto, documentSelect, toDocumentDto } from './document-dto.js';
import { requiredDocuments } from './document-kinds.js';

/**
 * Inside the transaction that published `doc`: kyc_document_upload_received, and when this file
 * completes the set its document type requires (for the first time), the verification's
 * completion date and kyc_document_uploaded with every document present.
 */
export async function announceDocument(
  tx: Prisma.TransactionClient,
  ctx: Ctx,
  p: { accountId: string; doc: DocumentDto; replaced: boolean; idDocumentType: string; completedBefore: boolean; now: Date },
): Promise<void> {
  const { accountId, doc } = p;
  await emitEvent(tx, ctx, {
    type: 'kyc_document_upload_received',
    accountId,
    details: { accountId, document: doc, replaced: p.replaced },
  });
  const present = await tx.kycDocument.findMany({
    where: { workspaceId: ctx.workspaceId, accountId, uploadedAt: { not: null } },
    select: documentSelect,
    orderBy: { uploadedAt: 'asc' },
  });
  const needed = requiredDocuments(p.idDocumentType).map((d) => d.kind);
  const complete = needed.every((k) => present.some((d) => d.kind === k));
  if (!complete || p.completedBefore) return;
  await tx.bankingVerification.update({
    where: { workspaceId_accountId: { workspaceId: ctx.workspaceId, accountId } },
    data: { documentsCompletedAt: p.now },
    select: { accountId: true },
  });
  await emitEvent(tx, ctx, {
    type: 'kyc_document_uploaded',
    accountId,
    details: { accountId, documents: present.map(toDocumentDto) },
  });
}
