import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Clip } from '../components/Clip.js';
import { ConfirmButton } from '../components/ConfirmButton.js';
import { FieldErrors } from '../components/form-errors.js';
import { ErrorBox, Page, Section } from '../components/layout.js';
import { TeamSection } from '../components/TeamSection.js';
import { ListTable } from '../components/tables.js';
import { CopyButton, DateTime, StatusBadge } from '../components/values.js';
import { errorInfo } from '../errors.js';
import { useCanWrite } from '../session.js';
import { type Outputs, useTRPC } from '../trpc.js';

type Key = Outputs['apiKeys']['list']['data'][number];

export function ApiKeys() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const canWrite = useCanWrite();
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const create = useMutation(trpc.apiKeys.create.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: (_data, vars) => {
        // The secret on screen belongs to a dead key now: its "copy it now" banner goes.
        if (create.data?.apiKeyId === vars.apiKeyId) create.reset();
        return refresh();
      },
    }),
  );
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim();
    create.mutate(name ? { name } : {}, { onSuccess: () => form.reset() });
  };
  const revokeButton = (k: Key) => (
    <ConfirmButton
      label={`Revoke ${k.name ?? k.prefix}`}
      question={`Revoke ${k.name ?? k.prefix}? Requests with it fail at once.`}
      onConfirm={() => revoke.mutate({ apiKeyId: k.apiKeyId })}
    >
      Revoke
    </ConfirmButton>
  );
  const fieldErrors = create.error ? errorInfo(create.error).errors : [];
  return (
    <Page title="API keys">
      {canWrite ? (
        <Section id="new" title="New key">
          <form onSubmit={submit} className="filters" aria-label="New API key">
            <div className="field grow">
              <label htmlFor="key-name">Name</label>
              <input id="key-name" name="name" maxLength={100} placeholder="e.g. billing service" aria-describedby="key-name-error" />
              <FieldErrors errors={fieldErrors} field="name" id="key-name-error" />
            </div>
            <div className="filter-actions">
              <button type="submit" disabled={create.isPending}>
                Create key
              </button>
            </div>
          </form>
          {create.data ? (
            <output className="secret">
              <span>
                New key <strong>{create.data.name ?? create.data.prefix}</strong>: copy it now, it is not shown again.
              </span>
              <span className="long">
                <code data-testid="new-key" className="wrap-anywhere">
                  {create.data.key}
                </code>
                <CopyButton text={create.data.key} label="Copy the new key" />
              </span>
            </output>
          ) : null}
        </Section>
      ) : null}
      <ErrorBox error={revoke.error ?? (create.error && !fieldErrors.length ? create.error : null)} />
      <Section id="keys" title="Keys">
        <ListTable
          query={keys}
          label="API keys"
          empty={{ title: 'No API keys.' }}
          rowKey={(k) => k.apiKeyId}
          columns={[
            { header: 'Name', cell: (k) => (k.name ? <Clip text={k.name} label="key name" /> : '—'), primary: true },
            { header: 'Prefix', cell: (k) => <code>{k.prefix}…</code> },
            { header: 'State', cell: (k) => <StatusBadge status={k.revokedAt ? 'revoked' : 'active'} /> },
            { header: 'Created', cell: (k) => <DateTime iso={k.createdAt} /> },
            { header: 'Last used', cell: (k) => (k.lastUsedAt ? <DateTime iso={k.lastUsedAt} /> : 'never') },
            { header: 'Revoked', cell: (k) => (k.revokedAt ? <DateTime iso={k.revokedAt} /> : '—') },
            ...(canWrite ? [{ header: 'Actions', cell: (k: Key) => (k.revokedAt ? null : revokeButton(k)) }] : []),
          ]}
        />
      </Section>
      <TeamSection />
    </Page>
  );
}
