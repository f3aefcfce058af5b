import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useContext } from 'react';
import { nextStatuses } from '../../core/transactions/status-transitions.js';
import { TransactionEntries } from '../components/LedgerSections.js';
import { Details, ErrorBox, Loading, Page, Section } from '../components/layout.js';
import { SandboxTransactionStatus } from '../components/SandboxActions.js';
import { TransactionAmount, TransactionDetails } from '../components/transaction-values.js';
import { DateTime, Id, StatusBadge, shortId } from '../components/values.js';
import { valueLabel } from '../labels.js';
import { BASE, Link } from '../router.js';
import { SessionContext } from '../session.js';
import { useTRPC } from '../trpc.js';

export function Transaction({ transactionId }: { transactionId: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const session = useContext(SessionContext);
  const q = useQuery(trpc.transactions.get.queryOptions({ transactionId }));
  const change = useMutation(trpc.transactions.updateStatus.mutationOptions({ onSuccess: () => qc.invalidateQueries() }));
  if (!q.data) {
    return (
      <Page title={`Transaction ${shortId(transactionId)}`}>
        {q.error ? <ErrorBox error={q.error} back /> : <Loading what="the transaction" />}
      </Page>
    );
  }
  const t = q.data;
  const next = nextStatuses(t.status, t.transactionType);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const reason = String(f.get('statusReason') ?? '').trim();
    change.mutate({ transactionId, status: String(f.get('status')) as (typeof next)[number], ...(reason ? { statusReason: reason } : {}) });
  };
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
            ['Created by', t.audit.admin ? `${t.audit.admin} (admin)` : t.audit.apiKey ? 'an API key' : 'the platform'],
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
            </li>
          ))}
        </ol>
      </Section>
      <SandboxTransactionStatus transactionId={t.id} status={t.status} type={t.transactionType} />
      {session.role === 'admin' && next.length ? (
        <Section id="change" title="Change status">
          <form onSubmit={submit} className="filters" aria-label="Change status">
            <div className="field">
              <label htmlFor="new-status">New status</label>
              <select id="new-status" name="status">
                {next.map((s) => (
                  <option key={s} value={s}>
                    {valueLabel(s)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field grow">
              <label htmlFor="status-reason">Reason</label>
              <input id="status-reason" name="statusReason" maxLength={255} />
            </div>
            <div className="filter-actions">
              <button type="submit" disabled={change.isPending}>
                Change status
              </button>
            </div>
          </form>
          <ErrorBox error={change.error} />
        </Section>
      ) : null}
    </Page>
  );
}
