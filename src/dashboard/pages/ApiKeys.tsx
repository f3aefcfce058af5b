import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ErrorBox, FieldErrors, Loading } from '../components/common.js';
import { DataTable } from '../components/tables.js';
import { formatTime } from '../format.js';
import { useCanWrite } from '../session.js';
import { errorInfo, useTRPC } from '../trpc.js';

type Key = { apiKeyId: string; name: string | null; prefix: string; revokedAt: string | null };

export function ApiKeys() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const canWrite = useCanWrite();
  const [copied, setCopied] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const create = useMutation(trpc.apiKeys.create.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(trpc.apiKeys.revoke.mutationOptions({ onSuccess: refresh }));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get('name') ?? '').trim();
    setCopied(false);
    create.mutate(name ? { name } : {});
  };
  const revokeButton = (k: Key) => (
    <button
      type="button"
      aria-label={`Revoke ${k.name ?? k.prefix}`}
      onClick={() => {
        if (window.confirm(`Revoke ${k.name ?? k.prefix}? Requests with it fail at once.`)) revoke.mutate({ apiKeyId: k.apiKeyId });
      }}
    >
      Revoke
    </button>
  );
  const copy = async (key: string) => {
    await navigator.clipboard?.writeText(key).catch(() => undefined);
    setCopied(true);
  };
  return (
    <>
      <h1>API keys</h1>
      {canWrite ? (
        <section aria-labelledby="new-h">
          <h2 id="new-h">New key</h2>
          <form onSubmit={submit} className="filters">
            <label>
              Name
              <input name="name" maxLength={100} />
            </label>
            <button type="submit" disabled={create.isPending}>
              Create key
            </button>
            <FieldErrors errors={create.error ? errorInfo(create.error).errors : []} field="name" />
          </form>
          {create.data ? (
            <output className="secret">
              <span>
                New key <strong>{create.data.name ?? create.data.prefix}</strong>: copy it now, it is not shown again.
              </span>{' '}
              <code data-testid="new-key">{create.data.key}</code>{' '}
              <button type="button" onClick={() => copy(create.data.key)}>
                {copied ? 'Copied' : 'Copy key'}
              </button>
            </output>
          ) : null}
        </section>
      ) : null}
      <ErrorBox error={keys.error ?? revoke.error ?? (create.error && !errorInfo(create.error).errors.length ? create.error : null)} />
      {keys.data ? (
        <DataTable
          rows={keys.data.data}
          rowKey={(k) => k.apiKeyId}
          columns={[
            { header: 'Name', cell: (k) => k.name ?? '—' },
            { header: 'Prefix', cell: (k) => <code>{k.prefix}…</code> },
            { header: 'Created (UTC)', cell: (k) => formatTime(k.createdAt, 'utc') },
            { header: 'Last used (UTC)', cell: (k) => formatTime(k.lastUsedAt, 'utc') },
            { header: 'Revoked (UTC)', cell: (k) => formatTime(k.revokedAt, 'utc') },
            ...(canWrite ? [{ header: 'Actions', cell: (k: Key) => (k.revokedAt ? null : revokeButton(k)) }] : []),
          ]}
        />
      ) : (
        <Loading what="API keys" />
      )}
    </>
  );
}
