import { Clip } from '../components/Clip.js';
import { ConfirmButton } from '../components/ConfirmButton.js';
import { ErrorBox, Page, Section } from '../components/layout.js';
import { NewApiKey } from '../components/NewApiKey.js';
import { TeamSection } from '../components/TeamSection.js';
import { ListTable } from '../components/tables.js';
import { DateTime, StatusBadge } from '../components/values.js';
import { errorInfo } from '../errors.js';
import { type ApiKey, useApiKeys } from '../hooks/use-api-keys.js';
import { useCanWrite } from '../session.js';

export function ApiKeys() {
  const canWrite = useCanWrite();
  const { keys, create, revoke } = useApiKeys();
  const revokeButton = (k: ApiKey) => (
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
      {canWrite ? <NewApiKey create={create} fieldErrors={fieldErrors} /> : null}
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
            ...(canWrite ? [{ header: 'Actions', cell: (k: ApiKey) => (k.revokedAt ? null : revokeButton(k)) }] : []),
          ]}
        />
      </Section>
      <TeamSection />
    </Page>
  );
}
