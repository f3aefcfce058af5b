import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { ConfirmButton } from '../components/ConfirmButton.js';
import { FieldErrors } from '../components/form-errors.js';
import { Details, ErrorBox, Loading, Page, Section } from '../components/layout.js';
import { DateTime } from '../components/values.js';
import { errorInfo } from '../errors.js';
import { formatBytes } from '../format.js';
import { useCanWrite } from '../session.js';
import { type Outputs, useTRPC } from '../trpc.js';

type Workspace = Outputs['workspace']['get'];

/** The workspace's settings and their three writes; every write refreshes the one read. */
function useWorkspaceSettings() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const onSuccess = (w: Workspace) => qc.setQueryData(trpc.workspace.get.queryKey(), w);
  return {
    workspace: useQuery(trpc.workspace.get.queryOptions()),
    update: useMutation(trpc.workspace.update.mutationOptions({ onSuccess })),
    setLogo: useMutation(trpc.workspace.setLogo.mutationOptions({ onSuccess })),
    deleteLogo: useMutation(trpc.workspace.deleteLogo.mutationOptions({ onSuccess })),
  };
}

/** Settings: what account holders see on the verification page (name, logo, support contact). */
export function Settings() {
  const s = useWorkspaceSettings();
  const canWrite = useCanWrite();
  const w = s.workspace.data;
  return (
    <Page title="Settings">
      {!w ? (
        s.workspace.error ? (
          <ErrorBox error={s.workspace.error} back />
        ) : (
          <Loading what="the settings" />
        )
      ) : (
        <>
          <p className="muted">What account holders see on their verification page: who asks, its logo, and whom to contact.</p>
          <Section id="workspace" title="Workspace">
            <Details
              label="Workspace"
              items={[
                ['Name (operators)', w.name],
                ['Environment', w.sandbox ? 'Sandbox' : 'Live'],
                ['Created', <DateTime key="c" iso={w.createdAt} />],
              ]}
            />
          </Section>
          {canWrite ? <HolderFacingForm workspace={w} mutation={s.update} /> : <ReadOnlySettings workspace={w} />}
          <LogoSection workspace={w} canWrite={canWrite} setLogo={s.setLogo} deleteLogo={s.deleteLogo} />
        </>
      )}
    </Page>
  );
}

type Update = ReturnType<typeof useWorkspaceSettings>['update'];

/** Display name and support contact: empty clears a value (the page then shows the name, or no contact). */
function HolderFacingForm({ workspace: w, mutation }: { workspace: Workspace; mutation: Update }) {
  const [saved, setSaved] = useState(false);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const value = (name: string) => String(f.get(name) ?? '').trim() || null;
    setSaved(false);
    mutation.mutate(
      { displayName: value('displayName'), supportEmail: value('supportEmail'), supportUrl: value('supportUrl') },
      { onSuccess: () => setSaved(true) },
    );
  };
  const errors = mutation.error ? errorInfo(mutation.error).errors : [];
  const field = (
    name: 'displayName' | 'supportEmail' | 'supportUrl',
    label: string,
    props: { type: string; maxLength: number; hint: string },
  ) => (
    <div className="field grow">
      <label htmlFor={`ws-${name}`}>{label}</label>
      <input
        id={`ws-${name}`}
        name={name}
        type={props.type}
        maxLength={props.maxLength}
        defaultValue={w[name] ?? ''}
        aria-describedby={`ws-${name}-hint ws-${name}-error`}
        aria-invalid={errors.some((e) => e.field === name) || undefined}
      />
      <span className="muted small" id={`ws-${name}-hint`}>
        {props.hint}
      </span>
      <FieldErrors errors={errors} field={name} id={`ws-${name}-error`} />
    </div>
  );
  return (
    <Section id="holder" title="Shown to account holders">
      <form onSubmit={submit} className="settings-form" aria-label="Shown to account holders">
        {field('displayName', 'Display name', { type: 'text', maxLength: 100, hint: `Empty: holders see "${w.name}".` })}
        {field('supportEmail', 'Support email', { type: 'email', maxLength: 254, hint: 'Where holders write for help.' })}
        {field('supportUrl', 'Support page', { type: 'url', maxLength: 2048, hint: 'A help page, https:// only.' })}
        <div className="filter-actions">
          <button type="submit" disabled={mutation.isPending}>
            Save
          </button>
          {saved && !mutation.isPending ? <output>Saved.</output> : null}
        </div>
      </form>
      <ErrorBox error={mutation.error && !errors.length ? mutation.error : null} />
    </Section>
  );
}

function ReadOnlySettings({ workspace: w }: { workspace: Workspace }) {
  return (
    <Section id="holder" title="Shown to account holders">
      <Details
        label="Shown to account holders"
        items={[
          ['Display name', w.displayName ?? `${w.name} (the name)`],
          ['Support email', w.supportEmail],
          ['Support page', w.supportUrl],
        ]}
      />
    </Section>
  );
}

type LogoMutations = Pick<ReturnType<typeof useWorkspaceSettings>, 'setLogo' | 'deleteLogo'>;

/** The image is read here and sent as base64 (tRPC carries JSON); the server checks what it is. */
function LogoSection({ workspace: w, canWrite, setLogo, deleteLogo }: { workspace: Workspace; canWrite: boolean } & LogoMutations) {
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0];
    const input = e.currentTarget;
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      const base64 = String(reader.result).replace(/^data:[^,]*,/, '');
      setLogo.mutate(
        { contentBase64: base64 },
        {
          onSettled: () => {
            input.value = '';
          },
        },
      );
    };
    reader.readAsDataURL(file);
  };
  const logo = w.logo;
  return (
    <Section id="logo" title="Logo">
      {logo ? (
        <div className="logo-preview">
          {/* Its path on this server: the absolute URL names FAS_PUBLIC_URL, which may be another host. */}
          <img src={new URL(logo.url).pathname} alt="The workspace's logo" width={48} height={48} />
          <span className="muted">
            {logo.mediaType}, {formatBytes(logo.size)}, uploaded <DateTime iso={logo.updatedAt} />
          </span>
        </div>
      ) : (
        <p className="muted">No logo: the verification page shows the name alone.</p>
      )}
      {canWrite ? (
        <div className="filters">
          <div className="field">
            <label htmlFor="logo-file">{logo ? 'Replace the logo' : 'Upload a logo'} (PNG or JPEG, up to 256 KB)</label>
            <input id="logo-file" type="file" accept="image/png,image/jpeg" onChange={choose} disabled={setLogo.isPending} />
          </div>
          {logo ? (
            <div className="filter-actions">
              <ConfirmButton
                label="Remove the logo"
                question="Remove the logo? Holders then see the name alone."
                onConfirm={() => deleteLogo.mutate()}
              >
                Remove the logo
              </ConfirmButton>
            </div>
          ) : null}
        </div>
      ) : null}
      <ErrorBox error={setLogo.error ?? deleteLogo.error} />
    </Section>
  );
}
