import { hashSecret } from '../auth/secrets.js';
import type { Deps } from '../context.js';
import { looksLikeLinkToken } from './verification-link.js';

export type VerificationLinkState =
  | { state: 'unknown' }
  | { state: 'expired' }
  | {
      state: 'valid';
      status: 'saved' | 'submitted' | 'needs_update' | 'completed';
      idDocumentType: string;
      expiresAt: Date;
    };

/**
 * What the holder of a verification link may see. The token is the credential (no workspace
 * context); a superseded token is unknown because only the newest hash is kept.
 */
export async function openVerificationLink(deps: Deps, token: string): Promise<VerificationLinkState> {
  if (!looksLikeLinkToken(token)) return { state: 'unknown' };
  const row = await deps.db.bankingVerification.findUnique({
    where: { linkTokenHash: hashSecret(token) },
    select: { status: true, idDocumentType: true, linkExpiresAt: true },
  });
  if (!row) return { state: 'unknown' };
  if (row.linkExpiresAt.getTime() <= deps.clock.now().getTime()) return { state: 'expired' };
  return { state: 'valid', status: row.status, idDocumentType: row.idDocumentType, expiresAt: row.linkExpiresAt };
}
