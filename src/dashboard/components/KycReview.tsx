import { formatDate } from '../format.js';
import { useKycReview } from '../hooks/use-kyc-review.js';
import { valueLabel } from '../labels.js';
import type { Outputs } from '../trpc.js';
import { BusinessData } from './BusinessData.js';
import { KycDocuments } from './KycDocuments.js';
import { KycNextSteps } from './KycNextSteps.js';
import { Details, EmptyState, ErrorBox, Loading, Section } from './layout.js';
import { DateTime, StatusBadge } from './values.js';

type Verification = Outputs['kyc']['getBankingVerification'];
type Link = Outputs['kyc']['verificationLink'];

/** The saved KYC data, masked as the API shows it, in words. */
function SavedData({ v }: { v: Verification }) {
  const a = v.address;
  return (
    <Details
      label="Saved verification data"
      items={[
        ['Verification status', <StatusBadge key="s" status={v.status} />],
        ['Phone', v.phoneMasked],
        ['Document type', valueLabel(v.document.idDocumentType)],
        ['Document number', v.document.idNumberLast4 ? `•••• ${v.document.idNumberLast4}` : null],
        ['Issue date', v.document.idIssueDate ? formatDate(v.document.idIssueDate) : null],
        ['Expiry date', v.document.idExpiryDate ? formatDate(v.document.idExpiryDate) : null],
        ['Country of issue', v.document.idCountryOfIssue],
        ['Nationality', v.document.nationality],
        ['Address', [a.address1, a.address2, `${a.city}, ${a.state} ${a.postalCode}`, a.country].filter(Boolean).join(', ')],
        ['Saved', <DateTime key="sv" iso={v.savedAt} />],
        ['Sent to the provider', v.submittedAt ? <DateTime key="sb" iso={v.submittedAt} /> : 'not yet'],
      ]}
    />
  );
}

/** The holder's verification link: its state, when it was issued and expires, and the attempts used. */
function VerificationLink({ l }: { l: Link }) {
  return (
    <>
      <h3>Verification link</h3>
      <Details
        label="Verification link"
        items={[
          [
            'State',
            <span key="st" data-testid="link-state">
              <StatusBadge status={l.state} />
            </span>,
          ],
          l.usedBecause ? ['Why', valueLabel(l.usedBecause)] : null,
          ['Issued', <DateTime key="i" iso={l.issuedAt} />],
          [l.state === 'expired' ? 'Expired' : 'Expires', <DateTime key="e" iso={l.expiresAt} />],
          ['Attempts', `${l.attempts} of ${l.maxAttempts}`],
        ]}
      />
    </>
  );
}

/** Whether the holder signed, when, and (for admins) the name signed. */
function Signature(props: { signedAt: string | null | undefined; fullName: string | undefined; canRead: boolean }) {
  if (!props.signedAt) return <p data-testid="signature">Not signed yet.</p>;
  return (
    <p data-testid="signature">
      Signed
      {props.fullName !== undefined ? (
        <>
          {' '}
          by <strong>{props.fullName}</strong>
        </>
      ) : null}{' '}
      on <DateTime iso={props.signedAt} />
      {props.canRead ? '' : ' (the name is shown to admins).'}
    </p>
  );
}

/**
 * The operator's KYC review on the account page: the saved data, the link's state, the holder's
 * documents (previews for admins), the signature and, where allowed, the next step.
 */
export function KycReview({
  accountId,
  accountStatus,
  business,
}: {
  accountId: string;
  accountStatus: string;
  business: boolean | undefined;
}) {
  const r = useKycReview(accountId, business);
  const title = business ? 'Business verification (KYB)' : 'Identity verification (KYC)';
  if (r.pending) {
    return (
      <Section id="kyc" title={title}>
        <Loading what="the verification" />
      </Section>
    );
  }
  if (r.none) {
    return (
      <Section id="kyc" title={title}>
        <EmptyState title={business ? 'No KYB data saved yet.' : 'No KYC data saved yet.'}>
          The client saves it through the API (POST /api/v2/kyc/banking-verification/{business ? 'business' : 'individual'}); the{' '}
          {business ? "business's representative" : 'holder'} then gets a link to upload documents.
        </EmptyState>
      </Section>
    );
  }
  const list = r.docs.data;
  return (
    <Section id="kyc" title={title}>
      <ErrorBox error={r.error} />
      {r.individual ? <SavedData v={r.individual} /> : null}
      {r.company ? <BusinessData v={r.company} /> : null}
      {r.link ? <VerificationLink l={r.link} /> : null}
      <h3>Documents</h3>
      <KycDocuments accountId={accountId} list={list} pending={r.docs.isPending} canRead={r.canRead} />
      <h3>Signature</h3>
      <Signature signedAt={list?.signedAt} fullName={r.signature?.fullName} canRead={r.canRead} />
      <KycNextSteps
        accountId={accountId}
        accountStatus={accountStatus}
        canRequest={(r.company ?? r.individual)?.canRequestVerification ?? false}
        linkState={r.link?.state}
        missing={list?.missing.length ?? 0}
        signed={Boolean(list?.signedAt)}
      />
    </Section>
  );
}
