import { AppError } from '../../errors.js';

/**
 * What the holder sent is evidence: it stops changing once review starts. A verification that is
 * submitted (the account is `in_review`) or completed takes no upload and no signature; once the
 * holder has signed, a document already received cannot be replaced (the signature vouches for it),
 * though a missing one may still be sent. Only a new save of the KYC data (a new link) starts over.
 * Answers the refusal, or undefined when the change is allowed.
 */
export function evidenceFrozen(
  v: { status: string; signedAt: Date | null },
  change: { kind: 'signature' } | { kind: 'document'; replacing: boolean },
): AppError | undefined {
  if (v.status === 'completed') return new AppError('INVALID_STATE', 'This verification is already complete: there is nothing more to do.');
  if (v.status === 'rejected') return new AppError('INVALID_STATE', 'This verification is closed: nothing more can be sent.');
  if (v.status === 'submitted') {
    return new AppError(
      'INVALID_STATE',
      'This verification is under review: the documents and the signature can no longer change. If something must change, ask for a new link.',
    );
  }
  if (change.kind === 'signature' && v.signedAt) return new AppError('INVALID_STATE', 'The terms are already signed for this link.');
  if (change.kind === 'document' && change.replacing && v.signedAt) {
    return new AppError(
      'INVALID_STATE',
      'You signed for the documents already sent: they can no longer be replaced. If one must change, ask for a new link.',
    );
  }
  return undefined;
}
