import { createHash } from 'node:crypto';
import type { Prisma } from '../../../db/generated/prisma/client.js';
import type { Ctx } from '../../context.js';
import { AppError, notFound, validationError } from '../../errors.js';
import { stripControlChars } from '../../validation/control-chars.js';
import { emitEvent } from '../../webhooks/events.js';
import { type DocumentDto, documentSelect, toDocumentDto } from './document-dto.js';
import { type DocumentKind, isDocumentKind, requiredDocuments } from './document-kinds.js';
import { evidenceFrozen } from './evidence-freeze.js';
import { DEFAULT_DOCUMENT_MAX_BYTES, documentStoreOf } from './holder-link.js';
import { detectMediaType, SNIFF_BYTES } from './media-type.js';

export interface ReceiveDocumentInput {
  accountId: string;
  kind: unknown;
  fileName: string;
  /** The file as it streams in; read once, never held whole. */
  content: AsyncIterable<Uint8Array>;
}

/** Verification row locked for the rest of the transaction (uploads of one account serialise here). */
async function lockVerification(tx: Prisma.TransactionClient, ctx: Ctx, accountId: string) {
  const rows = await tx.$queryRaw<
    { status: string; id_document_type: string; documents_completed_at: Date | null; signed_at: Date | null }[]
  >`
    SELECT status::text AS status, id_document_type::text AS id_document_type, documents_completed_at, signed_at
    FROM banking_verifications WHERE account_id = ${accountId}::uuid AND workspace_id = ${ctx.workspaceId}::uuid
    FOR UPDATE`;
  return rows[0];
}

/**
 * File names are metadata shown to the workspace: no path, no control characters, no format
 * characters (Unicode Cf: bidi overrides such as U+202E that make a name read backwards, zero-width
 * joiners), bounded.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = stripControlChars(base)
    .replace(/\p{Cf}/gu, '')
    .trim()
    .slice(0, 200);
  return clean || 'upload';
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
  const current = await ctx.db.bankingVerification.findFirst({
    where: { accountId, workspaceId: ctx.workspaceId },
    select: { status: true, idDocumentType: true, signedAt: true },
  });
  if (!current) throw notFound('banking verification');
  const early = evidenceFrozen(current, { kind: 'document', replacing: false });
  if (early) throw early;
  const kinds = requiredDocuments(current.idDocumentType).map((d) => d.kind);
  if (!isDocumentKind(input.kind) || !kinds.includes(input.kind)) {
    throw validationError([{ field: 'kind', message: `must be one of ${kinds.join(', ')}` }]);
  }
  const kind: DocumentKind = input.kind;
  if (current.signedAt) {
    const received = await ctx.db.kycDocument.count({
      where: { workspaceId: ctx.workspaceId, accountId, kind, uploadedAt: { not: null } },
    });
    const refused = evidenceFrozen(current, { kind: 'document', replacing: received > 0 });
    if (refused) throw refused;
  }
  const maxBytes = ctx.documentMaxBytes ?? DEFAULT_DOCUMENT_MAX_BYTES;

  // Read just enough to recognise the type before anything is written.
  const iterator = input.content[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headSize = 0;
  while (headSize < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(Buffer.from(next.value));
    headSize += next.value.byteLength;
  }
  if (headSize === 0) throw validationError([{ field: 'file', message: 'the file is empty' }]);
  const mediaType = detectMediaType(Buffer.concat(head));
  if (!mediaType) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This file is not a JPEG, PNG, HEIC or PDF (recognised by its content, not its name).');
  }

  const hash = createHash('sha256');
  let size = 0;
  async function* measured(): AsyncGenerator<Uint8Array> {
    const take = (chunk: Uint8Array) => {
      size += chunk.byteLength;
      if (size > maxBytes) throw tooLarge(maxBytes);
      hash.update(chunk);
      return chunk;
    };
    for (const chunk of head) yield take(chunk);
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield take(next.value);
  }

  const store = documentStoreOf(ctx);
  const id = ctx.ids.uuid();
  const now = ctx.clock.now();
  const fileName = cleanFileName(input.fileName);
  // The row exists (unpublished: uploadedAt null) while the content streams in, outside any
  // transaction so a slow phone holds no lock.
  await ctx.db.kycDocument.create({
    data: { id, workspaceId: ctx.workspaceId, accountId, kind, fileName, mediaType, sizeBytes: 0, sha256: '', createdAt: now },
    select: { id: true },
  });
  let replaced: string[] = [];
  try {
    await store.write(ctx.workspaceId, id, measured());
    const sha256 = hash.digest('hex');
    const result = await ctx.db.$transaction(async (tx) => {
      const v = await lockVerification(tx, ctx, accountId);
      if (!v) throw notFound('banking verification');
      // Checked again under the lock: review may have started, or the holder signed, while the file streamed in.
      const before = await tx.kycDocument.count({
        where: { workspaceId: ctx.workspaceId, accountId, kind, id: { not: id }, uploadedAt: { not: null } },
      });
      const frozen = evidenceFrozen({ status: v.status, signedAt: v.signed_at }, { kind: 'document', replacing: before > 0 });
      if (frozen) throw frozen;
      const published = await tx.kycDocument.updateMany({
        where: { workspaceId: ctx.workspaceId, id, uploadedAt: null },
        data: { sizeBytes: size, sha256, uploadedAt: ctx.clock.now() },
      });
      // A new save of the KYC data removed this upload meanwhile: it belongs to a replaced link.
      if (published.count === 0) throw new AppError('INVALID_STATE', 'This link was replaced while the file was uploading.');
      const older = await tx.kycDocument.findMany({
        where: { workspaceId: ctx.workspaceId, accountId, kind, id: { not: id }, uploadedAt: { not: null } },
        select: { id: true },
      });
      replaced = older.map((d) => d.id);
      if (replaced.length) await tx.kycDocument.deleteMany({ where: { workspaceId: ctx.workspaceId, id: { in: replaced } } });
      const doc = toDocumentDto(
        await tx.kycDocument.findUniqueOrThrow({ where: { workspaceId_id: { workspaceId: ctx.workspaceId, id } }, select: documentSelect }),
      );
      await emitEvent(tx, ctx, {
        type: 'kyc_document_upload_received',
        accountId,
        details: { accountId, document: doc, replaced: replaced.length > 0 },
      });
      const present = await tx.kycDocument.findMany({
        where: { workspaceId: ctx.workspaceId, accountId, uploadedAt: { not: null } },
        select: documentSelect,
        orderBy: { uploadedAt: 'asc' },
      });
      const needed = requiredDocuments(v.id_document_type).map((d) => d.kind);
      const complete = needed.every((k) => present.some((p) => p.kind === k));
      if (complete && !v.documents_completed_at) {
        await tx.bankingVerification.update({
          where: { workspaceId_accountId: { workspaceId: ctx.workspaceId, accountId } },
          data: { documentsCompletedAt: now },
          select: { accountId: true },
        });
        await emitEvent(tx, ctx, {
          type: 'kyc_document_uploaded',
          accountId,
          details: { accountId, documents: present.map(toDocumentDto) },
        });
      }
      return doc;
    });
    await store.delete(ctx.workspaceId, replaced);
    return result;
  } catch (err) {
    await discard(ctx, id);
    throw err;
  }
}

async function discard(ctx: Ctx, id: string): Promise<void> {
  await documentStoreOf(ctx).delete(ctx.workspaceId, [id]);
  await ctx.db.kycDocument.deleteMany({ where: { workspaceId: ctx.workspaceId, id, uploadedAt: null } });
}

export function tooLarge(maxBytes: number): AppError {
  const mb = maxBytes / (1024 * 1024);
  return new AppError('PAYLOAD_TOO_LARGE', `This file is larger than the ${Number.isInteger(mb) ? mb : mb.toFixed(2)} MB limit.`);
}
