import { CONTRACT_PROPERTY_ENUMS } from '../../core/generated/contract-facts.js';
import { formatBytes } from '../format.js';
import { valueLabel } from '../labels.js';
import type { Outputs } from '../trpc.js';
import { Details, EmptyState, Loading } from './layout.js';
import { CopyButton, DateTime } from './values.js';

type Document = Outputs['kyc']['documents']['list']['data'][number];
type DocumentList = Outputs['kyc']['documents']['list'];

/** The session-cookie route that streams a document's content (see src/pages/dashboard-documents.ts). */
function contentUrl(accountId: string, documentId: string, download = false): string {
  return `/dashboard/kyc/${accountId}/documents/${documentId}/content${download ? '?download=1' : ''}`;
}

/** The contract's document images a browser shows in an <img>: every one but HEIC (Safari's alone). */
const PREVIEWABLE = new Set<string>(
  CONTRACT_PROPERTY_ENUMS.KycDocument.mediaType.filter((t) => t.startsWith('image/') && t !== 'image/heic'),
);

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

/** The holder's documents: what is still missing, and a card per uploaded file. */
export function KycDocuments(props: { accountId: string; list: DocumentList | undefined; pending: boolean; canRead: boolean }) {
  const { accountId, list, canRead } = props;
  if (!list) return props.pending ? <Loading what="the documents" /> : null;
  return (
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
  );
}
