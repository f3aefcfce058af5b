import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { nextStatuses } from '../../core/transactions/status-transitions.js';
import { ActorName } from '../components/ActorName.js';
import { TransactionEntries } from '../components/LedgerSections.js';
import { Details, ErrorBox, Loading, Page, Section } from '../components/layout.js';
import { ObjectHistory } from '../components/ObjectHistory.js';
import { SandboxTransactionStatus } from '../components/SandboxActions.js';
import { StatusChange } from '../components/StatusChange.js';
import { TransactionAmount, TransactionDetails } from '../components/transaction-values.js';
import { DateTime, Id, StatusBadge, shortId } from '../components/values.js';
import { valueLabel } from '../labels.js';
import { BASE, Link } from '../router.js';
import { SessionContext } from '../session.js';
import { useTRPC } from '../trpc.js';

export function Transaction({ transactionId }: { transactionId: string }) {
  const trpc = useTRPC();
  const session = useContext(SessionContext);
  const q = useQuery(trpc.transactions.get.queryOptions({ transactionId }));
  if (!q.data) {
    return (
      <Page title={`Transaction ${shortId(transactionId)}`}>
        {q.error ? <ErrorBox error={q.error} back /> : <Loading what="the transaction" />}
      </Page>
    );
  }
  const t = q.data;
  const next = nextStatuses(t.status, t.transactionType);
  return (
    <Page
      title={`Transaction ${shortId(t.id)}`}
      heading={
        <>
          {valueLabel(t.transactionType)} transaction <TransactionAmount t={t} />
        </>
      }
      badges={<StatusBadge status={t.status} />}
    >
      <Section id="summary" title="Summary">
        <Details
          label="Summary"
          items={[
            ['Transaction id', <Id key="id" value={t.id} label="transaction id" />],
            ['Status', <StatusBadge key="s" status={t.status} />],
            ['Reason', t.statusReason],
            ['Created', <DateTime key="c" iso={t.createdAt} />],
            [
              'Account',
              <Link key="a" to={`${BASE}/accounts/${t.accountId}`}>
                {t.account.email}
              </Link>,
            ],
            ['Reference', t.reference],
            ['Direction', valueLabel(t.direction)],
            ['Currencies', t.coins.join(' / ')],
            ['Created by', <ActorName key="by" actor={t.statusHistory[t.statusHistory.length - 1]?.actor ?? null} />],
          ]}
        />
      </Section>
      <Section id="details" title="Details">
        <TransactionDetails t={t} />
      </Section>
      <TransactionEntries transactionId={t.id} />
      <Section id="history" title="Status history">
        <ol className="timeline">
          {t.statusHistory.map((h, i) => (
            <li key={`${h.date}-${i}`}>
              <StatusBadge status={h.status} /> <DateTime iso={h.date} />
              {h.statusReason ? <span className="muted"> · {h.statusReason}</span> : null}
              <span className="muted"> · by </span>
              <ActorName actor={h.actor} />
            </li>
          ))}
        </ol>
      </Section>
      <ObjectHistory objectType="transaction" objectId={t.id} />
      <SandboxTransactionStatus transactionId={t.id} status={t.status} type={t.transactionType} />
      {session.role === 'admin' ? <StatusChange transactionId={t.id} next={next} /> : null}
    </Page>
  );
}
