import { DEFAULTS } from '../../../defaults.js';
import { hashSecret } from '../../auth/secrets.js';
import { type Ctx, createContext, type Deps } from '../../context.js';
import { AppError } from '../../errors.js';
import { looksLikeLinkToken } from '../verification-link.js';
import { type DocumentStore, databaseDocumentStore } from './document-store.js';

/** Posts (uploads and signing, refused ones included) one link accepts; a new link starts again. */
export const LINK_MAX_ATTEMPTS = 50;
export const DEFAULT_DOCUMENT_MAX_BYTES = DEFAULTS.documentMaxBytes;

export function documentStoreOf(deps: Deps): DocumentStore {
  return deps.documentStore ?? databaseDocumentStore(deps.sql, deps.cipher);
}

const linkSelect = {
  accountId: true,
  workspaceId: true,
  status: true,
  idDocumentType: true,
  linkExpiresAt: true,
  linkAttempts: true,
  workspace: { select: { sandbox: true } },
} as const;

/**
 * A post through a verification link: counts the attempt, then refuses a link that is unknown or
 * superseded (NOT_FOUND), expired (LINK_EXPIRED), out of attempts (TOO_MANY_ATTEMPTS) or whose
 * verification is completed (INVALID_STATE). The holder acts inside the account's workspace as
 * the system: the token is the only credential.
 */
export async function spendHolderLink(deps: Deps, token: string): Promise<{ ctx: Ctx; accountId: string; tokenHash: string }> {
  if (!looksLikeLinkToken(token)) throw linkNotFound();
  const tokenHash = hashSecret(token);
  const now = deps.clock.now();
  const counted = await deps.db.bankingVerification.updateMany({
    where: { linkTokenHash: tokenHash, linkExpiresAt: { gt: now }, linkAttempts: { lt: LINK_MAX_ATTEMPTS } },
    data: { linkAttempts: { increment: 1 } },
  });
  const row = await deps.db.bankingVerification.findFirst({ where: { linkTokenHash: tokenHash }, select: linkSelect });
  if (!row) throw linkNotFound();
  if (row.linkExpiresAt.getTime() <= now.getTime()) throw new AppError('LINK_EXPIRED', 'This link has expired. Please ask for a new one.');
  if (counted.count === 0) {
    throw new AppError(
      'TOO_MANY_ATTEMPTS',
      `This link has been used for ${LINK_MAX_ATTEMPTS} attempts, its limit. Please ask for a new link.`,
    );
  }
  if (row.status === 'completed')
    throw new AppError('INVALID_STATE', 'This verification is already complete: there is nothing more to do.');
  if (row.status === 'rejected') throw new AppError('INVALID_STATE', 'This verification is closed: nothing more can be sent.');
  const ctx = createContext(deps, {
    workspaceId: row.workspaceId,
    sandbox: row.workspace.sandbox,
    actor: { kind: 'system', role: 'admin', name: 'verification link' },
  });
  return { ctx, accountId: row.accountId, tokenHash };
}

function linkNotFound(): AppError {
  return new AppError('NOT_FOUND', 'This verification link is not valid. It may have been replaced by a newer one.');
}
