import type { Prisma } from '../../../db/generated/prisma/client.js';
import { accountSelect, toAccountDto } from '../../accounts/account-dto.js';
import type { Ctx } from '../../context.js';
import { kybDocumentType } from '../../kyb/business-documents.js';
import { emitEvent } from '../../webhooks/events.js';
import { type DocumentDto, documentSelect, toDocumentDto } from './document-dto.js';
import { requiredFor } from './required-documents.js';

/**
 * Inside the transaction that published `doc`. An individual's upload emits
 * kyc_document_upload_received, and when this file completes the set its document type requires
 * (for the first time), kyc_document_uploaded with every document present. A business's upload
 * emits kyb_document_uploaded (KYC events are never emitted for a business). Either way the first
 * complete set dates the verification's `documentsCompletedAt`.
 */
export async function announceDocument(
  tx: Prisma.TransactionClient,
  ctx: Ctx,
  p: { accountId: string; doc: DocumentDto; replaced: boolean; idDocumentType: string | null; completedBefore: boolean; now: Date },
): Promise<void> {
  const { accountId, doc } = p;
  const business = p.idDocumentType === null;
  if (business) {
    const account = await tx.account.findUniqueOrThrow({
      where: { workspaceId_id: { workspaceId: ctx.workspaceId, id: accountId } },
      select: accountSelect,
    });
    await emitEvent(tx, ctx, {
      type: 'kyb_document_uploaded',
      accountId,
      details: { account: toAccountDto(account), documentType: kybDocumentType(doc.kind), document: doc },
    });
  } else {
    await emitEvent(tx, ctx, {
      type: 'kyc_document_upload_received',
      accountId,
      details: { accountId, document: doc, replaced: p.replaced },
    });
  }
  const present = await tx.kycDocument.findMany({
    where: { workspaceId: ctx.workspaceId, accountId, uploadedAt: { not: null } },
    select: documentSelect,
    orderBy: { uploadedAt: 'asc' },
  });
  const needed = (await requiredFor(tx, { workspaceId: ctx.workspaceId, accountId, idDocumentType: p.idDocumentType })).map((d) => d.kind);
  const complete = needed.every((k) => present.some((d) => d.kind === k));
  if (!complete || p.completedBefore) return;
  await tx.bankingVerification.update({
    where: { workspaceId_accountId: { workspaceId: ctx.workspaceId, accountId } },
    data: { documentsCompletedAt: p.now },
    select: { accountId: true },
  });
  if (business) return;
  await emitEvent(tx, ctx, {
    type: 'kyc_document_uploaded',
    accountId,
    details: { accountId, documents: present.map(toDocumentDto) },
  });
}
