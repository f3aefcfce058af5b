import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useContext } from 'react';
import { ErrorBox, Fields, Loading } from '../components/common.js';
import { SandboxTransactionStatus } from '../components/SandboxActions.js';
import { formatTime } from '../format.js';
import { BASE, Link } from '../router.js';
import { SessionContext } from '../session.js';
import { nextStatuses } from '../transitions.js';
import { useTRPC } from '../trpc.js';

export function Transaction({ transactionId }: { transactionId: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const session = useContext(SessionContext);
  const q = useQuery(trpc.transactions.get.queryOptions({ transactionId }));
  const change = useMutation(trpc.transactions.updateStatus.mutationOptions({ onSuccess: () => qc.invalidateQueries() }));
  if (q.error) return <ErrorBox error={q.error} />;
  if (!q.data) return <Loading what="the transaction" />;
  const t = q.data;
  const next = nextStatuses(t.status, t.transactionType);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const reason = String(f.get('statusReason') ?? '').trim();
    change.mutate({ transactionId, status: String(f.get('status')) as 'completed', ...(reason ? { statusReason: reason } : {}) });
  };
  return (
    <>
      <h1>
        Transaction {t.id.slice(0, 8)} ({t.transactionType}, {t.status})
      </h1>
      <p>
        Account: <Link to={`${BASE}/accounts/${t.accountId}`}>{t.account?.email ?? t.accountId}</Link>
      </p>
      <section aria-labelledby="details-h">
        <h2 id="details-h">Details</h2>
        <Fields value={t as unknown as Record<string, unknown>} omit={['statusHistory', 'audit']} />
      </section>
      <section aria-labelledby="history-h">
        <h2 id="history-h">Status history</h2>
        <ol className="timeline">
          {t.statusHistory.map((h, i) => (
            <li key={`${h.date}-${i}`}>
              <strong>{h.status}</strong> · {formatTime(h.date, 'utc')}
              {h.statusReason ? ` · ${h.statusReason}` : ''}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="audit-h">
        <h2 id="audit-h">Audit</h2>
        <Fields value={t.audit as unknown as Record<string, unknown>} />
      </section>
      <SandboxTransactionStatus transactionId={t.id} status={t.status} type={t.transactionType} />
      {session.role === 'admin' && next.length ? (
        <section aria-labelledby="change-h">
          <h2 id="change-h">Change status (admin)</h2>
          <form onSubmit={submit} className="filters">
            <label>
              New status
              <select name="status">
                {next.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            </label>
            <label>
              Reason
              <input name="statusReason" maxLength={255} />
            </label>
            <button type="submit" disabled={change.isPending}>
              Change status
            </button>
          </form>
          <ErrorBox error={change.error} />
        </section>
      ) : null}
    </>
  );
}
