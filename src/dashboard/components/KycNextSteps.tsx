import { useKycNextSteps } from '../hooks/use-kyc-next-steps.js';
import { valueLabel } from '../labels.js';
import { useCanWrite, useSandboxWriter } from '../session.js';
import { HOLDER_ACTIONS, HolderSimulations, ProviderSimulations } from './KycSimulations.js';
import { ErrorBox } from './layout.js';

/**
 * What can happen next to an individual's verification: an admin sends it to the provider when
 * the core says a request is accepted now (`canRequestVerification` of the saved verification);
 * in a sandbox the holder's and the provider's steps are simulated as buttons.
 */
export function KycNextSteps(props: {
  accountId: string;
  accountStatus: string;
  /** The core's rule, as the verification read serves it; false while nothing is saved. */
  canRequest: boolean;
  linkState?: string;
  /** Required files not uploaded yet, and whether the terms are signed: which holder steps remain. */
  missing: number;
  signed: boolean;
}) {
  const canWrite = useCanWrite();
  const sandbox = useSandboxWriter();
  const { request, outcome, holder, error } = useKycNextSteps();
  const { accountId, accountStatus, canRequest } = props;
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
        <HolderSimulations steps={holderSteps} onAct={(action) => holder.mutate({ accountId, action })} pending={holder.isPending} />
      ) : null}
      {sandbox && inReview ? (
        <ProviderSimulations onOutcome={(o) => outcome.mutate({ accountId, outcome: o })} pending={outcome.isPending} />
      ) : null}
      <ErrorBox error={error} />
    </div>
  );
}
