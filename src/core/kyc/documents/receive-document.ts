import type { Ctx } from '../../context.js';
import { admitDocument, cleanFileName } from './document-admission.js';
import type { DocumentDto } from './document-dto.js';
import { DEFAULT_DOCUMENT_MAX_BYTES, documentStoreOf } from './holder-link.js';
import { createPendingDocument, discardDocument, publishDocument } from './publish-document.js';
import { openUpload } from './upload-stream.js';

export interface ReceiveDocumentInput {
  accountId: string;
  kind: unknown;
  fileName: string;
  /** The file as it streams in; read once, never held whole. */
  content: AsyncIterable<Uint8Array>;
}

/**
 * The holder sent a file for one kind of the verification's required documents (the link page and
 * the sandbox simulation both come here). The type comes from the content's first bytes; the
 * content streams into the document store while its SHA-256 and size are computed; a refusal
 * (empty, wrong type, too large, verification completed or replaced meanwhile) leaves nothing
 * stored. Emits kyc_document_upload_received, and kyc_document_uploaded when this file completes
 * the required set. Re-sending a kind replaces the earlier file.
 */
export async function receiveDocument(ctx: Ctx, input: ReceiveDocumentInput): Promise<DocumentDto> {
  const { accountId } = input;
  const kind = await admitDocument(ctx, accountId, input.kind);
  const upload = await openUpload(input.content, ctx.documentMaxBytes ?? DEFAULT_DOCUMENT_MAX_BYTES);
  const store = documentStoreOf(ctx);
  const id = ctx.ids.uuid();
  const now = ctx.clock.now();
  const fileName = cleanFileName(input.fileName);
  await createPendingDocument(ctx, { id, accountId, kind, fileName, mediaType: upload.mediaType, createdAt: now });
  let published: Awaited<ReturnType<typeof publishDocument>>;
  try {
    await store.write(ctx.workspaceId, id, upload.chunks);
    published = await publishDocument(ctx, { id, accountId, kind, sizeBytes: upload.size(), sha256: upload.sha256(), now });
  } catch (err) {
    await discardDocument(ctx, id);
    throw err;
  }
  // Committed: the new document is published and the replaced rows are gone, so nothing reaches
  // their contents any more. Failing to delete them must neither fail this upload nor touch the
  // new document's content (the database store's chunks already went with their rows).
  await store.delete(ctx.workspaceId, published.replaced).catch(() => undefined);
  return published.doc;
}
