import type { Ctx } from '../context.js';
import type { Schemas } from '../contract.js';
import { notFound } from '../errors.js';
import { assertUuid } from '../validation/uuid.js';
import { LINK_MAX_ATTEMPTS } from './documents/holder-link.js';

export interface VerificationLinkView {
  /**
   * `used`: the link accepts nothing more because the verification is completed or rejected, or
   * its attempts are spent; `expired`: past `expiresAt`; `active`: the holder can still use it.
   */
  state: 'active' | 'expired' | 'used';
  usedBecause: 'verification_completed' | 'verification_rejected' | 'attempts_spent' | null;
  issuedAt: string;
  expiresAt: string;
  attempts: number;
  maxAttempts: number;
  verificationStatus: Schemas['VerificationStatus'];
  documentsCompletedAt: string | null;
  signedAt: string | null;
}

/**
 * The state of an account's current verification link, for the workspace. The token is never
 * stored (only its hash), and not even the hash is read here.
 */
export async function getVerificationLink(ctx: Ctx, input: { accountId: string }): Promise<VerificationLinkView> {
  const accountId = assertUuid('accountId', input.accountId);
  const v = await ctx.db.bankingVerification.findFirst({
    where: { accountId, workspaceId: ctx.workspaceId },
    select: { status: true, savedAt: true, linkExpiresAt: true, linkAttempts: true, documentsCompletedAt: true, signedAt: true },
  });
  if (!v) throw notFound('verification link');
  const usedBecause =
    v.status === 'completed'
      ? 'verification_completed'
      : v.status === 'rejected'
        ? 'verification_rejected'
        : v.linkAttempts >= LINK_MAX_ATTEMPTS
          ? 'attempts_spent'
          : null;
  const expired = v.linkExpiresAt.getTime() <= ctx.clock.now().getTime();
  return {
    state: usedBecause ? 'used' : expired ? 'expired' : 'active',
    usedBecause,
    // Every save issues a new link (and resets its attempts): the link is as old as the last save.
    issuedAt: v.savedAt.toISOString(),
    expiresAt: v.linkExpiresAt.toISOString(),
    attempts: v.linkAttempts,
    maxAttempts: LINK_MAX_ATTEMPTS,
    verificationStatus: v.status,
    documentsCompletedAt: v.documentsCompletedAt?.toISOString() ?? null,
    signedAt: v.signedAt?.toISOString() ?? null,
  };
}
