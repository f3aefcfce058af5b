import type { Ctx } from '../../context.js';
import type { Schemas } from '../../contract.js';
import { notFound } from '../../errors.js';
import { skipTake } from '../../pagination.js';
import { assertUuid } from '../../validation/uuid.js';
import { validateQuery } from '../../validation/validators.js';
import { documentSelect, toDocumentDto } from './document-dto.js';
import { requiredFor } from './required-documents.js';

type DocumentList = Schemas['KycDocumentList'];

export interface ListVerificationDocumentsInput {
  accountId: string;
  /** `page` and `limit` (openapi.yaml); anything else is refused. */
  query?: unknown;
}

/**
 * The documents the holder uploaded through the current link (metadata only, a page of them,
 * oldest upload first), which required ones are missing, the signature's time, and who read each
 * content. Any role of the workspace.
 */
export async function listVerificationDocuments(ctx: Ctx, input: ListVerificationDocumentsInput): Promise<DocumentList> {
  const accountId = assertUuid('accountId', input.accountId);
  const q = validateQuery('listVerificationDocuments', input.query);
  const uploaded = { uploadedAt: { not: null } };
  const v = await ctx.db.bankingVerification.findFirst({
    where: { accountId, workspaceId: ctx.workspaceId },
    select: {
      idDocumentType: true,
      signedAt: true,
      documentsCompletedAt: true,
      documents: { where: uploaded, select: documentSelect, orderBy: [{ uploadedAt: 'asc' }, { id: 'asc' }], ...skipTake(q) },
    },
  });
  if (!v) throw notFound('banking verification');
  // Every kind present, whatever the page: `missing` and `total` are about the whole set.
  const kinds = await ctx.db.kycDocument.findMany({
    where: { accountId, workspaceId: ctx.workspaceId, ...uploaded },
    select: { kind: true },
  });
  const ids = v.documents.map((d) => d.id);
  const reads = ids.length
    ? await ctx.db.kycDocumentRead.findMany({
        where: { workspaceId: ctx.workspaceId, documentId: { in: ids } },
        select: { documentId: true, actorKind: true, apiKeyId: true, adminId: true, adminEmail: true, readAt: true },
        orderBy: { readAt: 'asc' },
      })
    : [];
  const required = await requiredFor(ctx.db, { workspaceId: ctx.workspaceId, accountId, idDocumentType: v.idDocumentType });
  return {
    accountId,
    required: required.map((r) => r.kind),
    missing: required.filter((r) => !kinds.some((d) => d.kind === r.kind)).map((r) => r.kind),
    documentsCompletedAt: v.documentsCompletedAt?.toISOString() ?? null,
    signedAt: v.signedAt?.toISOString() ?? null,
    data: v.documents.map((d) => ({
      ...toDocumentDto(d),
      reads: reads
        .filter((r) => r.documentId === d.id)
        .map((r) => ({
          readAt: r.readAt.toISOString(),
          actor: r.actorKind as Schemas['KycDocumentRead']['actor'],
          apiKeyId: r.apiKeyId,
          adminId: r.adminId,
          admin: r.adminEmail,
        })),
    })),
    page: q.page,
    limit: q.limit,
    total: kinds.length,
  };
}
