import type { Prisma } from '../../../db/generated/prisma/client.js';
import { columns } from '../../columns.js';
import type { Schemas } from '../../contract.js';

export type DocumentDto = Schemas['KycDocument'];

/** A document's metadata: never its content, which only the content read returns. */
export const documentSelect = columns(
  'id',
  'kind',
  'fileName',
  'mediaType',
  'sizeBytes',
  'sha256',
  'uploadedAt',
) satisfies Prisma.KycDocumentSelect;

type DocumentRow = Prisma.KycDocumentGetPayload<{ select: typeof documentSelect }>;

export function toDocumentDto(row: DocumentRow): DocumentDto {
  return {
    documentId: row.id,
    kind: row.kind as DocumentDto['kind'],
    fileName: row.fileName,
    mediaType: row.mediaType as DocumentDto['mediaType'],
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    uploadedAt: (row.uploadedAt ?? new Date(0)).toISOString(),
  };
}
