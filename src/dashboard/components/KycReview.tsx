import { useQuery } from '@tanstack/react-query';
import { errorInfo } from '../errors.js';
import { formatBytes, formatDate } from '../format.js';
import { valueLabel } from '../labels.js';
import { useCanWrite } from '../session.js';
import { type Outputs, useTRPC } from '../trpc.js';
import { BusinessData } from './BusinessData.js';
import { KycNextSteps } from './KycNextSteps.js';
import { Details, EmptyState, ErrorBox, Loading, Section } from './layout.js';
import { CopyButton, DateTime, StatusBadge } from './values.js';

type Document = Outputs['kyc']['documents']['list']['data'][number];
type Verification = Outputs['kyc']['getBankingVerification'];

/** The session-cookie route that streams a document's content (see src/pages/dashboard-documents.ts). */
export function contentUrl(accountId: string, documentId: string, download = false): string {
  return `/dashboard/kyc/${accountId}/documents/${documentId}/content${download ? '?download=1' : ''}`;
}

const PREVIEWABLE = new Set(['image/jpeg', 'image/png']);

function Preview({ accountId, d }: { accountId: string; d: Document }) {
  const url = contentUrl(accountId, d.documentId);
  if (PREVIEWABLE.has(d.mediaType)) {
    return (
      <a href={url} target="_blank" rel="noopener" className="preview">
        <img src={url} alt={`${valueLabel(d.kind)}: ${d.fileName}`} loading="lazy" />
      </a>
    );
  }
  return (
    <div className="preview preview-file">
      <span className="file-kind">{d.mediaType === 'application/pdf' ? 'PDF' : 'HEIC'}</span>
      <a href={url} target="_blank" rel="noopener">
        {d.mediaType === 'application/pdf' ? 'Open the PDF in a new tab' : 'Open (your browser may download it)'}
      </a>
    </div>
  );
}

/** One uploaded file: a preview for admins, its metadata for everyone, and who read it. */
function DocumentCard({ accountId, d, canRead }: { accountId: string; d: Document; canRead: boolean }) {
  const last = d.reads[d.reads.length - 1];
  return (
    <li className="doc">
      {canRead ? <Preview accountId={accountId} d={d} /> : <div className="preview preview-file muted">Content is for admins</div>}
      <div className="doc-meta">
        <h4>{valueLabel(d.kind)}</h4>
        <Details
          label={`${valueLabel(d.kind)} details`}
          items={[
            [
              'File',
              <span key="f" className="wrap-anywhere">
                {d.fileName}
              </span>,
            ],
            ['Type', d.mediaType],
            ['Size', formatBytes(d.sizeBytes)],
            [
              'SHA-256',
              <span key="h" className="long">
                <code title={d.sha256}>{`${d.sha256.slice(0, 12)}…${d.sha256.slice(-8)}`}</code>
                <CopyButton text={d.sha256} label={`Copy the SHA-256 of ${d.fileName}`} />
              </span>,
            ],
            ['Uploaded', <DateTime key="u" iso={d.uploadedAt} />],
            [
              'Viewed',
              d.reads.length ? (
                <span key="r">
                  {d.reads.length} {d.reads.length === 1 ? 'time' : 'times'}; last by {last?.admin ?? valueLabel(last?.actor)},{' '}
                  <DateTime iso={last?.readAt} />
                </span>
              ) : (
                'not yet'
              ),
            ],
          ]}
        />
        {canRead ? (
          <a href={contentUrl(accountId, d.documentId, true)} download={d.fileName}>
            Download
          </a>
        ) : null}
      </div>
    </li>
  );
}

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
  const trpc = useTRPC();
  const canRead = useCanWrite();
  const individual = useQuery(trpc.kyc.getBankingVerification.queryOptions({ accountId }, { retry: false, enabled: business === false }));
  const company = useQuery(trpc.kyc.getBusinessVerification.queryOptions({ accountId }, { retry: false, enabled: business === true }));
  const saved = business ? company : individual;
  const title = business ? 'Business verification (KYB)' : 'Identity verification (KYC)';
  const link = useQuery(trpc.kyc.verificationLink.queryOptions({ accountId }, { retry: false }));
  const docs = useQuery(trpc.kyc.documents.list.queryOptions({ accountId }, { retry: false }));
  const signature = useQuery(trpc.kyc.documents.signature.queryOptions({ accountId }, { retry: false, enabled: canRead }));
  const none = (q: { error: unknown }) => Boolean(q.error) && errorInfo(q.error).code === 'NOT_FOUND';
  if (saved.isPending) {
    return (
      <Section id="kyc" title={title}>
        <Loading what="the verification" />
      </Section>
    );
  }
  if (none(saved)) {
    return (
      <Section id="kyc" title={title}>
        <EmptyState title={business ? 'No KYB data saved yet.' : 'No KYC data saved yet.'}>
          The client saves it through the API (POST /api/v2/kyc/banking-verification/{business ? 'business' : 'individual'}); the{' '}
          {business ? "business's representative" : 'holder'} then gets a link to upload documents.
        </EmptyState>
      </Section>
    );
  }
  const v = individual.data;
  const b = company.data;
  const l = link.data;
  const list = docs.data;
  return (
    <Section id="kyc" title={title}>
      <ErrorBox error={saved.error ?? (none(link) ? null : link.error) ?? (none(docs) ? null : docs.error)} />
      {v && !business ? <SavedData v={v} /> : null}
      {b && business ? <BusinessData v={b} /> : null}
      {l ? (
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
      ) : null}
      <h3>Documents</h3>
      {list ? (
        <>
          {list.missing.length ? (
            <p>
              Still missing: <strong>{list.missing.map(valueLabel).join(', ')}</strong>.
            </p>
          ) : (
            <p>
              Every required document is in{list.documentsCompletedAt ? ' since ' : '.'}
              {list.documentsCompletedAt ? <DateTime iso={list.documentsCompletedAt} /> : null}
            </p>
          )}
          {list.data.length ? (
            <ul className="docs">
              {list.data.map((d) => (
                <DocumentCard key={d.documentId} accountId={accountId} d={d} canRead={canRead} />
              ))}
            </ul>
          ) : (
            <EmptyState title="The holder has not uploaded anything yet." />
          )}
          {canRead ? null : <p className="muted">Analysts see what was uploaded and when; the files themselves are for admins.</p>}
        </>
      ) : docs.isPending ? (
        <Loading what="the documents" />
      ) : null}
      <h3>Signature</h3>
      {list?.signedAt ? (
        <p data-testid="signature">
          Signed
          {signature.data ? (
            <>
              {' '}
              by <strong>{signature.data.fullName}</strong>
            </>
          ) : null}{' '}
          on <DateTime iso={list.signedAt} />
          {canRead ? '' : ' (the name is shown to admins).'}
        </p>
      ) : (
        <p data-testid="signature">Not signed yet.</p>
      )}
      <KycNextSteps
        accountId={accountId}
        accountStatus={accountStatus}
        verificationStatus={(business ? b : v)?.status}
        linkState={l?.state}
        missing={list?.missing.length ?? 0}
        signed={Boolean(list?.signedAt)}
      />
    </Section>
  );
}
