import type { Ctx } from '../../context.js';
import { fieldError, notFound, validationError } from '../../errors.js';
import { stripHidden } from '../../validation/display-text.js';
import { evidenceFrozen } from './evidence-freeze.js';
import { requiredFor } from './required-documents.js';

/**
 * Whether the account's verification takes a document of this kind now, before any byte is read:
 * the verification exists in the workspace, its evidence is not frozen (review started, or the
 * holder signed and this kind was already received), and the kind is one its document type needs.
 */
export async function admitDocument(ctx: Ctx, accountId: string, kind: unknown): Promise<string> {
  const current = await ctx.db.bankingVerification.findFirst({
    where: { accountId, workspaceId: ctx.workspaceId },
    select: { status: true, idDocumentType: true, signedAt: true },
  });
  if (!current) throw notFound('banking verification');
  const early = evidenceFrozen(current, { kind: 'document', replacing: false });
  if (early) throw early;
  const required = await requiredFor(ctx.db, { workspaceId: ctx.workspaceId, accountId, idDocumentType: current.idDocumentType });
  const kinds = required.map((d) => d.kind);
  if (typeof kind !== 'string' || !kinds.includes(kind)) {
    throw validationError([fieldError('kind', 'not_allowed', `must be one of ${kinds.join(', ')}`, { allowed: [...kinds] })]);
  }
  if (current.signedAt) {
    const received = await ctx.db.kycDocument.count({
      where: { workspaceId: ctx.workspaceId, accountId, kind, uploadedAt: { not: null } },
    });
    const refused = evidenceFrozen(current, { kind: 'document', replacing: received > 0 });
    if (refused) throw refused;
  }
  return kind;
}

/**
 * File names are metadata shown to the workspace: no path, no control characters, no format
 * characters (Unicode Cf: bidi overrides such as U+202E that make a name read backwards, zero-width
 * joiners), bounded.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = stripHidden(base).trim().slice(0, 200);
  return clean || 'upload';
}
