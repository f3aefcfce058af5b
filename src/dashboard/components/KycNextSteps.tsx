import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONTRACT_PROPERTY_ENUMS } from '../../core/generated/contract-facts.js';
import { valueLabel } from '../labels.js';
import { useCanWrite, useSandboxWriter } from '../session.js';
import { useTRPC } from '../trpc.js';
import { ErrorBox } from './layout.js';

const HOLDER_ACTIONS = CONTRACT_PROPERTY_ENUMS.KycHolderAction.action;
const OUTCOMES = CONTRACT_PROPERTY_ENUMS.KycOutcome.outcome;
const HOLDER_WORDS: Record<(typeof HOLDER_ACTIONS)[number], string> = {
  document_upload_received: 'Holder uploads the next missing file',
  documents_uploaded: 'Holder uploads every missing file',
  terms_signed: 'Holder signs the terms',
};
const OUTCOME_WORDS: Record<(typeof OUTCOMES)[number], string> = {
  completed: 'Provider approves (completed)',
  needs_update: 'Provider asks for changes (needs update)',
  rejected: 'Provider rejects the holder (closes the account)',
};

/**
 * What can happen next to an individual's verification: an admin sends it to the provider once
 * the data is saved; in a sandbox the holder's and the provider's steps are simulated as buttons.
 */
export function KycNextSteps(props: {
  accountId: string;
  accountStatus: string;
  verificationStatus?: string;
  linkState?: string;
  /** Required files not uploaded yet, and whether the terms are signed: which holder steps remain. */
  missing: number;
  signed: boolean;
}) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const canWrite = useCanWrite();
  const sandbox = useSandboxWriter();
  const done = { onSuccess: () => qc.invalidateQueries() };
  const request = useMutation(trpc.kyc.requestBankingVerification.mutationOptions(done));
  const outcome = useMutation(trpc.simulations.kycOutcome.mutationOptions(done));
  const holder = useMutation(trpc.simulations.kycHolderAction.mutationOptions(done));
  const { accountId, accountStatus } = props;
  if (accountStatus === 'rejected') {
    return (
      <div className="next-steps">
        <h3>Next step</h3>
        <p>
          None: the provider rejected this holder. The account is closed for good: it cannot save data, be sent for verification again or
          transact, and its holder link is closed.
        </p>
      </div>
    );
  }
  if (!canWrite) return null;
  const canRequest =
    ['pending', 'needs_update'].includes(accountStatus) && ['saved', 'needs_update'].includes(props.verificationStatus ?? '');
  const inReview = accountStatus === 'in_review';
  // The holder's steps that remain, on a link that still works.
  const holderSteps = HOLDER_ACTIONS.filter((a) => (a === 'terms_signed' ? !props.signed : props.missing > 0));
  const holderCanAct = props.linkState === 'active' && holderSteps.length > 0;
  if (!canRequest && !(sandbox && (inReview || holderCanAct))) return null;
  return (
    <div className="next-steps">
      <h3>Next step</h3>
      {canRequest ? (
        <p>
          <button type="button" onClick={() => request.mutate({ accountId })} disabled={request.isPending}>
            Send to the provider for verification
          </button>{' '}
          <span className="muted">The account moves to “{valueLabel('in_review')}”.</span>
        </p>
      ) : null}
      {sandbox && holderCanAct ? (
        <fieldset className="button-row">
          <legend className="visually-hidden">Holder simulations</legend>
          {holderSteps.map((action) => (
            <button
              key={action}
              type="button"
              className="secondary"
              onClick={() => holder.mutate({ accountId, action })}
              disabled={holder.isPending}
            >
              Sandbox: {HOLDER_WORDS[action]}
            </button>
          ))}
        </fieldset>
      ) : null}
      {sandbox && inReview ? (
        <fieldset className="button-row">
          <legend className="visually-hidden">Provider simulations</legend>
          {OUTCOMES.map((o) => (
            <button
              key={o}
              type="button"
              className="secondary"
              onClick={() => outcome.mutate({ accountId, outcome: o })}
              disabled={outcome.isPending}
            >
              Sandbox: {OUTCOME_WORDS[o]}
            </button>
          ))}
        </fieldset>
      ) : null}
      <ErrorBox error={request.error ?? outcome.error ?? holder.error} />
    </div>
  );
}
