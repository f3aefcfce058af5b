import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorBox, FieldErrors, Loading } from '../components/common.js';
import { DataTable } from '../components/tables.js';
import { formatTime } from '../format.js';
import { BASE, Link } from '../router.js';
import { useCanWrite } from '../session.js';
import { errorInfo, useTRPC } from '../trpc.js';

type Target = {
  id: string;
  url: string;
  description: string | null;
  status: string;
  disabledReason: string | null;
  disabledAt: string | null;
};

function TargetForm(props: { target?: Target; onDone: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const done = () => {
    qc.invalidateQueries({ queryKey: trpc.webhookTargets.list.queryKey() });
    props.onDone();
  };
  const create = useMutation(trpc.webhookTargets.create.mutationOptions({ onSuccess: done }));
  const update = useMutation(trpc.webhookTargets.update.mutationOptions({ onSuccess: done }));
  const m = props.target ? update : create;
  const err = m.error ? errorInfo(m.error) : undefined;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const url = String(f.get('url') ?? '').trim();
    const description = String(f.get('description') ?? '').trim();
    if (props.target) update.mutate({ targetId: props.target.id, url, description: description || null });
    else create.mutate({ url, ...(description ? { description } : {}) });
  };
  const prefix = props.target ? `edit-${props.target.id}` : 'new';
  return (
    <form onSubmit={submit} className="filters" aria-label={props.target ? 'Edit target' : 'New target'} noValidate>
      <label htmlFor={`${prefix}-url`}>URL</label>
      <input
        id={`${prefix}-url`}
        name="url"
        defaultValue={props.target?.url ?? ''}
        aria-invalid={err?.errors.some((x) => x.field === 'url') || undefined}
        aria-describedby="url-error"
      />
      <FieldErrors errors={err?.errors ?? []} field="url" />
      <label htmlFor={`${prefix}-description`}>Description</label>
      <input id={`${prefix}-description`} name="description" defaultValue={props.target?.description ?? ''} />
      <FieldErrors errors={err?.errors ?? []} field="description" />
      <button type="submit" disabled={m.isPending}>
        {props.target ? 'Save target' : 'Create target'}
      </button>
      {props.target ? (
        <button type="button" onClick={props.onDone}>
          Cancel
        </button>
      ) : null}
      {err && !err.errors.length ? (
        <span role="alert" className="error">
          {err.message}
        </span>
      ) : null}
    </form>
  );
}

export function Webhooks() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const canWrite = useCanWrite();
  const [editing, setEditing] = useState<string | null>(null);
  const targets = useQuery(trpc.webhookTargets.list.queryOptions({ limit: 100 }));
  const keys = useQuery(trpc.signingKeys.list.queryOptions());
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.webhookTargets.list.queryKey() });
  const enable = useMutation(trpc.webhookTargets.enable.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.webhookTargets.delete.mutationOptions({ onSuccess: refresh }));
  const actions = (t: Target) => (
    <>
      {editing === t.id ? (
        <TargetForm target={t} onDone={() => setEditing(null)} />
      ) : (
        <button type="button" onClick={() => setEditing(t.id)} aria-label={`Edit ${t.url}`}>
          Edit
        </button>
      )}
      {t.status === 'disabled' ? (
        <button type="button" onClick={() => enable.mutate({ targetId: t.id })} aria-label={`Enable ${t.url}`}>
          Enable
        </button>
      ) : null}
      <button
        type="button"
        aria-label={`Delete ${t.url}`}
        onClick={() => {
          if (window.confirm(`Delete the target ${t.url}?`)) remove.mutate({ targetId: t.id });
        }}
      >
        Delete
      </button>
    </>
  );
  return (
    <>
      <h1>Webhooks</h1>
      <p>
        <Link to={`${BASE}/webhooks/deliveries`}>Delivery log</Link> · Signing keys: <a href="/.well-known/jwks.json">JWKS</a>
      </p>
      <section aria-labelledby="targets-h">
        <h2 id="targets-h">Targets</h2>
        <ErrorBox error={targets.error ?? enable.error ?? remove.error} />
        {targets.data ? (
          <DataTable
            rows={targets.data.data}
            rowKey={(t) => t.id}
            columns={[
              { header: 'URL', cell: (t) => <Link to={`${BASE}/webhooks/deliveries?targetId=${t.id}`}>{t.url}</Link> },
              { header: 'Description', cell: (t) => t.description ?? '—' },
              {
                header: 'Status',
                cell: (t) =>
                  `${t.status}${t.status === 'disabled' ? ` since ${formatTime(t.disabledAt, 'utc')}: ${t.disabledReason ?? ''}` : ''}`,
              },
              ...(canWrite ? [{ header: 'Actions', cell: (t: Target) => actions(t) }] : []),
            ]}
          />
        ) : (
          <Loading what="targets" />
        )}
      </section>
      <section aria-labelledby="keys-h">
        <h2 id="keys-h">Signing keys</h2>
        <p className="muted">
          Read-only (rotation: <code>fas keys rotate</code>). Receivers verify with the <a href="/.well-known/jwks.json">JWKS</a>.
        </p>
        {keys.data ? (
          <DataTable
            rows={keys.data.data}
            rowKey={(k) => k.kid}
            columns={[
              { header: 'kid', cell: (k) => <code>{k.kid}</code> },
              { header: 'State', cell: (k) => k.state },
              { header: 'Signs from (UTC)', cell: (k) => formatTime(k.activatesAt, 'utc') },
              { header: 'Retires (UTC)', cell: (k) => formatTime(k.retiresAt, 'utc') },
            ]}
          />
        ) : (
          <ErrorBox error={keys.error} />
        )}
      </section>
      {canWrite ? (
        <section aria-labelledby="new-h">
          <h2 id="new-h">New target</h2>
          <TargetForm onDone={() => {}} />
        </section>
      ) : null}
    </>
  );
}
