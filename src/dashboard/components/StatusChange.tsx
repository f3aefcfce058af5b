import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { TransactionStatus } from '../../core/transactions/status-transitions.js';
import { valueLabel } from '../labels.js';
import { type Inputs, type Outputs, useTRPC } from '../trpc.js';
import { ErrorBox, Section } from './layout.js';
import { type Column, DataTable } from './tables.js';
import { Amount, StatusBadge } from './values.js';

type Draft = Inputs['transactions']['previewStatusChange'];
type Preview = Outputs['transactions']['previewStatusChange'];

/**
 * The manual status change as three steps: choose, review what the server says will happen
 * (`transactions.previewStatusChange`), confirm. After the change the form starts again empty, so
 * a second change is never a click away with the first one's reason.
 */
function useStatusChange(transactionId: string) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [done, setDone] = useState<{ to: TransactionStatus; round: number } | null>(null);
  const preview = useQuery({
    ...trpc.transactions.previewStatusChange.queryOptions(draft as Draft),
    enabled: draft !== null,
    retry: false,
  });
  const change = useMutation(
    trpc.transactions.updateStatus.mutationOptions({
      onSuccess: (t) => {
        setDraft(null);
        setDone((d) => ({ to: t.status, round: (d?.round ?? 0) + 1 }));
        return qc.invalidateQueries();
      },
    }),
  );
  return {
    draft,
    preview: draft ? preview : null,
    change,
    done,
    review: (status: TransactionStatus, statusReason: string) => {
      change.reset();
      setDone(null);
      setDraft({ transactionId, status, ...(statusReason ? { statusReason } : {}) });
    },
    cancel: () => setDraft(null),
    confirm: () => {
      if (draft) change.mutate(draft);
    },
  };
}

/** Admins: the change-status section of a transaction's page. */
export function StatusChange({ transactionId, next }: { transactionId: string; next: readonly TransactionStatus[] }) {
  const s = useStatusChange(transactionId);
  return (
    <Section id="change" title="Change status">
      {s.done ? (
        <output className="notice" key={`done-${s.done.round}`}>
          Moved to {valueLabel(s.done.to)}. The status history names you as who changed it.
        </output>
      ) : null}
      {s.draft ? (
        <ReviewChange
          preview={s.preview?.data}
          error={s.preview?.error ?? s.change.error}
          pending={s.change.isPending}
          onConfirm={s.confirm}
          onCancel={s.cancel}
        />
      ) : next.length ? (
        <ChooseChange key={`choose-${s.done?.round ?? 0}`} next={next} onReview={s.review} />
      ) : (
        <p className="muted">This status is final: nothing follows it.</p>
      )}
    </Section>
  );
}

/** Step 1: the new status (none chosen at first) and an optional reason. */
function ChooseChange(props: { next: readonly TransactionStatus[]; onReview: (s: TransactionStatus, r: string) => void }) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    props.onReview(String(f.get('status')) as TransactionStatus, String(f.get('statusReason') ?? '').trim());
  };
  return (
    <form onSubmit={submit} className="filters" aria-label="Change status">
      <div className="field">
        <label htmlFor="new-status">New status</label>
        <select id="new-status" name="status" required defaultValue="">
          <option value="" disabled>
            Choose…
          </option>
          {props.next.map((s) => (
            <option key={s} value={s}>
              {valueLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <div className="field grow">
        <label htmlFor="status-reason">Reason</label>
        <input id="status-reason" name="statusReason" maxLength={255} autoComplete="off" />
      </div>
      <div className="filter-actions">
        <button type="submit">Review change</button>
      </div>
    </form>
  );
}

/** Step 2: what will happen, in words and figures, then confirm or go back. */
function ReviewChange(props: {
  preview: Preview | undefined;
  error: unknown;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const p = props.preview;
  useEffect(() => {
    if (p) heading.current?.focus();
  }, [p]);
  return (
    <div className="review" aria-live="polite">
      {p ? (
        <>
          <h3 ref={heading} tabIndex={-1}>
            Confirm: <StatusBadge status={p.from} /> → <StatusBadge status={p.to} />
          </h3>
          <ul className="review-facts">
            <li>Reason recorded: {p.statusReason ? <q>{p.statusReason}</q> : <span className="muted">none given</span>}</li>
            <li>
              Sends the <code>{p.event}</code> webhook to the workspace's active targets.
            </li>
            <li>{p.balances.length ? 'Moves the account balance:' : 'Moves no money: the balance stays as it is.'}</li>
          </ul>
          {p.balances.length ? <BalanceEffects balances={p.balances} /> : null}
        </>
      ) : props.error ? null : (
        <p className="muted">Checking what this change would do…</p>
      )}
      <ErrorBox error={props.error} />
      <div className="button-row">
        <button type="button" onClick={props.onConfirm} disabled={!p || props.pending || p.balances.some((b) => !b.sufficient)}>
          {p ? `Confirm: move to ${valueLabel(p.to)}` : 'Confirm'}
        </button>
        <button type="button" className="secondary" onClick={props.onCancel} disabled={props.pending}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** The balance now and after, per currency, from the ledger's own rules. */
function BalanceEffects({ balances }: { balances: Preview['balances'] }) {
  type B = Preview['balances'][number];
  const change = (b: B, part: 'posted' | 'available') => (
    <>
      <Amount value={b.before[part]} currency={b.currency} /> → <Amount value={b.after[part]} currency={b.currency} />
    </>
  );
  const columns: Column<B>[] = [
    { header: 'Currency', cell: (b) => b.currency, primary: true },
    { header: 'Entry', cell: (b) => valueLabel(b.entryType) },
    { header: 'Posted (now → after)', cell: (b) => change(b, 'posted'), numeric: true },
    {
      header: 'Available (now → after)',
      numeric: true,
      cell: (b) => (
        <>
          {change(b, 'available')}
          {b.sufficient ? null : <span className="field-error"> (more than is available: it would be refused)</span>}
        </>
      ),
    },
  ];
  return <DataTable columns={columns} rows={balances} rowKey={(b) => b.currency} label="Effect on the balance" />;
}
