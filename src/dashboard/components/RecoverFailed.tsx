import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorInfo } from '../errors.js';
import { useTRPC } from '../trpc.js';
import { FieldErrors } from './form-errors.js';
import { ErrorBox } from './layout.js';

/** A day before the target was disabled: its retries ran for hours before that, so its failures started earlier. */
export function recoverSinceFor(disabledAt: string | null): string {
  const at = disabledAt ? new Date(disabledAt).getTime() : Date.now();
  return new Date(at - 86_400_000).toISOString();
}

/**
 * Offered for every target (and when a disabled one is enabled): resends its failed deliveries
 * since a time (each with its webhookId), 10,000 per click, saying when more remain. For a paused
 * or disabled target they are queued and sent once it is active again.
 */
export function RecoverFailed(props: { targetId: string; url: string; since: string; status: string; onClose: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [since, setSince] = useState(props.since);
  const recover = useMutation(
    trpc.webhookTargets.recover.mutationOptions({
      onSuccess: () => {
        qc.invalidateQueries({ queryKey: trpc.webhookDeliveries.list.queryKey() });
        qc.invalidateQueries({ queryKey: trpc.webhookTargets.list.queryKey() });
      },
    }),
  );
  const err = recover.error ? errorInfo(recover.error) : undefined;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    recover.mutate({ targetId: props.targetId, since: since.trim() });
  };
  return (
    <form onSubmit={submit} className="filters" aria-label={`Resend failed deliveries to ${props.url}`} noValidate>
      <p className="muted">
        Resend the deliveries to <span className="wrap-anywhere">{props.url}</span> that failed since this time. Each keeps its webhook id
        and body, so a receiver that deduplicates by it processes each once.
      </p>
      <div className="field grow">
        <label htmlFor={`recover-${props.targetId}-since`}>Failed since (UTC, RFC 3339)</label>
        <input
          id={`recover-${props.targetId}-since`}
          name="since"
          value={since}
          onChange={(e) => setSince(e.currentTarget.value)}
          aria-invalid={err?.errors.some((x) => x.field === 'since') || undefined}
          aria-describedby={`recover-${props.targetId}-since-error`}
        />
        <FieldErrors errors={err?.errors ?? []} field="since" id={`recover-${props.targetId}-since-error`} />
      </div>
      <div className="filter-actions">
        <button type="submit" disabled={recover.isPending}>
          {recover.data?.more ? 'Resend the next 10,000' : 'Resend failed deliveries'}
        </button>
        <button type="button" className="secondary" onClick={props.onClose}>
          Close
        </button>
      </div>
      {recover.data ? (
        <output className="notice">
          {recover.data.queued === 1 ? '1 delivery queued again' : `${recover.data.queued.toLocaleString('en-US')} deliveries queued again`}
          {recover.data.more ? '; more remain: resend again.' : '.'}
          {props.status === 'active' || !recover.data.queued
            ? null
            : ` The target is ${props.status}: they are sent once it is ${props.status === 'paused' ? 'resumed' : 'enabled'}.`}
        </output>
      ) : null}
      {err && !err.errors.length ? <ErrorBox error={recover.error} /> : null}
    </form>
  );
}
