import { hashSecret } from '../auth/secrets.js';
import type { Deps } from '../context.js';
import type { Schemas } from '../contract.js';
import { stripHidden } from '../validation/display-text.js';
import type { RequiredDocument } from './documents/document-kinds.js';
import { LINK_MAX_ATTEMPTS } from './documents/holder-link.js';
import { issuePageNonce } from './documents/page-nonce.js';
import { requiredFor } from './documents/required-documents.js';
import { looksLikeLinkToken } from './verification-link.js';

export type VerificationLinkState =
  | { state: 'unknown' }
  | { state: 'expired' }
  /** The provider rejected the holder: the verification is closed for good. */
  | { state: 'closed'; requester: { name: string } }
  | {
      state: 'valid';
      status: Exclude<Schemas['VerificationStatus'], 'rejected'>;
      expiresAt: Date;
      required: RequiredDocument[];
      /** Received files by kind (metadata the holder sent themselves). */
      received: Map<string, { fileName: string; uploadedAt: Date }>;
      signedAt: Date | null;
      attemptsLeft: number;
      /** The nonce the page's forms carry back. */
      nonce: string;
      /** Who asks: the workspace's display name (its name when unset), its logo's address and its support contact, if any. */
      requester: { name: string; logoUrl: string | null; supportEmail: string | null; supportUrl: string | null };
      /** A business's verification (KYB): the company, and who signs for it (masked). Null for an individual. */
      business: { legalName: string; signer: { initials: string; title: string } | null } | null;
    };

/**
 * What the holder of a verification link may see. The token is the credential (no workspace
 * context); a superseded token is unknown because only the newest hash is kept.
 */
export async function openVerificationLink(deps: Deps, token: string): Promise<VerificationLinkState> {
  if (!looksLikeLinkToken(token)) return { state: 'unknown' };
  const tokenHash = hashSecret(token);
  const row = await deps.db.bankingVerification.findFirst({
    where: { linkTokenHash: tokenHash },
    select: {
      accountId: true,
      workspaceId: true,
      status: true,
      idDocumentType: true,
      linkExpiresAt: true,
      linkAttempts: true,
      signedAt: true,
      documents: { where: { uploadedAt: { not: null } }, select: { kind: true, fileName: true, uploadedAt: true } },
      workspace: { select: { name: true, displayName: true, supportEmail: true, supportUrl: true, logo: { select: { sha256: true } } } },
      business: {
        select: { legalName: true, people: { where: { isController: true }, select: { nameInitials: true, title: true } } },
      },
    },
  });
  if (!row) return { state: 'unknown' };
  const status = row.status;
  if (status === 'rejected') return { state: 'closed', requester: { name: stripHidden(row.workspace.displayName ?? row.workspace.name) } };
  if (row.linkExpiresAt.getTime() <= deps.clock.now().getTime()) return { state: 'expired' };
  return {
    state: 'valid',
    status,
    expiresAt: row.linkExpiresAt,
    required: await requiredFor(deps.db, row),
    received: new Map(row.documents.map((d) => [d.kind, { fileName: d.fileName, uploadedAt: d.uploadedAt ?? new Date(0) }])),
    signedAt: row.signedAt,
    attemptsLeft: Math.max(0, LINK_MAX_ATTEMPTS - row.linkAttempts),
    nonce: issuePageNonce(deps, tokenHash),
    requester: {
      // Names stored before display text was checked lose their hidden characters here.
      name: stripHidden(row.workspace.displayName ?? row.workspace.name),
      logoUrl: row.workspace.logo ? `/workspace-logos/${row.workspace.logo.sha256}` : null,
      supportEmail: row.workspace.supportEmail,
      supportUrl: row.workspace.supportUrl,
    },
    business: row.business
      ? {
          legalName: row.business.legalName,
          signer: row.business.people[0] ? { initials: row.business.people[0].nameInitials, title: row.business.people[0].title } : null,
        }
      : null,
  };
}
