import type { Prisma } from '../../../db/generated/prisma/client.js';
import { requiredBusinessDocuments } from '../../kyb/business-documents.js';
import { type RequiredDocument, requiredDocuments } from './document-kinds.js';

/**
 * The documents a saved verification requires: an individual's follow from its identity document
 * type; a business's (no individual identity: `idDocumentType` null) from its people.
 */
export async function requiredFor(
  db: Prisma.TransactionClient,
  v: { workspaceId: string; accountId: string; idDocumentType: string | null },
): Promise<RequiredDocument[]> {
  if (v.idDocumentType !== null) return requiredDocuments(v.idDocumentType);
  const people = await db.businessPerson.findMany({
    where: { workspaceId: v.workspaceId, accountId: v.accountId },
    select: { position: true, nameInitials: true, title: true, isOwner: true, idDocumentType: true },
    orderBy: { position: 'asc' },
  });
  return requiredBusinessDocuments(people);
}
