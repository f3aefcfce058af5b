import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Clip } from '../components/Clip.js';
import { ConfirmButton } from '../components/ConfirmButton.js';
import { chosenEventTypes, EVENT_CATEGORIES, EventTypePicker } from '../components/EventTypePicker.js';
import { FieldErrors } from '../components/form-errors.js';
import { ErrorBox, Page, Section } from '../components/layout.js';
import { ObjectHistory } from '../components/ObjectHistory.js';
import { RecoverFailed, recoverSinceFor } from '../components/RecoverFailed.js';
import { TestSend } from '../components/TestSend.js';
import { ListTable } from '../components/tables.js';
import { DateTime, StatusBadge } from '../components/values.js';
import { errorInfo } from '../errors.js';
import { BASE, Link } from '../router.js';
import { useCanWrite } from '../session.js';
import { type Outputs, useTRPC } from '../trpc.js';

type Target = Outputs['webhookTargets']['list']['data'][number];

const EVERY_TYPE_COUNT = EVENT_CATEGORIES.reduce((n, [, types]) => n + types.length, 0);

/** How often the targets' states are read again while the page is open. */
const TARGETS_REFRESH_MS = 10_000;

function TargetForm(props: { target?: Target; onDone: () => void }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const done = () => {
    qc.invalidateQueries({ queryKey: trpc.webhookTargets.list.queryKey() });
    props.onDone();
  };
  const create = useMutation(trpc.webhookTargets.create.mutationOptions());
  const update = useMutation(trpc.webhookTargets.update.mutationOptions({ onSuccess: done }));
  const m = props.target ? update : create;
  const err = m.error ? errorInfo(m.error) : undefined;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const f = new FormData(form);
    const url = String(f.get('url') ?? '').trim();
    const description = String(f.get('description') ?? '').trim();
    const eventTypes = chosenEventTypes(f);
    if (props.target) update.mutate({ targetId: props.target.id, url, description: description || null, eventTypes });
    else
      create.mutate(
        { url, ...(description ? { description } : {}), ...(eventTypes ? { eventTypes } : {}) },
        {
          // A created target is in the list: the form is ready for the next one.
          onSuccess: () => {
            form.reset();
            done();
          },
        },
      );
  };
  const prefix = props.target ? `edit-${props.target.id}` : 'new';
  const invalid = (field: string) => err?.errors.some((x) => x.field === field) || undefined;
  return (
    <form onSubmit={submit} className="filters" aria-label={props.target ? 'Edit target' : 'New target'} noValidate>
      <div className="field grow">
        <label htmlFor={`${prefix}-url`}>URL</label>
        <input
          id={`${prefix}-url`}
          name="url"
          type="url"
          placeholder="https://example.com/webhooks"
          defaultValue={props.target?.url ?? ''}
          aria-invalid={invalid('url')}
          aria-describedby={`${prefix}-url-error`}
        />
        <FieldErrors errors={err?.errors ?? []} field="url" id={`${prefix}-url-error`} />
      </div>
      <div className="field grow">
        <label htmlFor={`${prefix}-description`}>Description</label>
        <input
          id={`${prefix}-description`}
          name="description"
          defaultValue={props.target?.description ?? ''}
          aria-invalid={invalid('description')}
        />
        <FieldErrors errors={err?.errors ?? []} field="description" id={`${prefix}-description-error`} />
      </div>
      <EventTypePicker prefix={prefix} selected={props.target ? props.target.eventTypes : null} errors={err?.errors ?? []} />
      <div className="filter-actions">
        <button type="submit" disabled={m.isPending}>
          {props.target ? 'Save target' : 'Create target'}
        </button>
        {props.target ? (
          <button type="button" className="secondary" onClick={props.onDone}>
            Cancel
          </button>
        ) : null}
      </div>
      {err && !err.errors.length ? <ErrorBox error={m.error} /> : null}
    </form>
  );
}

/** One target's history from the audit log (who created, edited, paused or enabled it). */
function TargetHistory({ target, onClose }: { target: Target; onClose: () => void }) {
  return (
    <ObjectHistory
      key={target.id}
      objectType="webhook_target"
      objectId={target.id}
      title="Target history"
      intro={
        <p className="button-row">
          <Clip text={target.url} label="URL" />
          <button type="button" className="secondary" onClick={onClose}>
            Close
          </button>
        </p>
      }
    />
  );
}

export function Webhooks() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const canWrite = useCanWrite();
  const [editing, setEditing] = useState<string | null>(null);
  const [recovering, setRecovering] = useState<{ targetId: string; url: string; since: string } | null>(null);
  const [testing, setTesting] = useState<{ targetId: string; url: string } | null>(null);
  const [history, setHistory] = useState<Target | null>(null);
  // The state changes without us (the service disables a target whose retries ran out): polled,
  // and read again when the window gets focus and after every action, so it never says Active when it is not.
  const targets = useQuery(
    trpc.webhookTargets.list.queryOptions({ limit: 100 }, { refetchInterval: TARGETS_REFRESH_MS, refetchOnWindowFocus: 'always' }),
  );
  const keys = useQuery(trpc.signingKeys.list.queryOptions());
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.webhookTargets.list.queryKey() });
  const enable = useMutation(trpc.webhookTargets.enable.mutationOptions({ onSettled: refresh }));
  const pause = useMutation(trpc.webhookTargets.pause.mutationOptions({ onSettled: refresh }));
  const resume = useMutation(trpc.webhookTargets.resume.mutationOptions({ onSettled: refresh }));
  const remove = useMutation(trpc.webhookTargets.delete.mutationOptions({ onSettled: refresh }));
  const actions = (t: Target) =>
    editing === t.id ? (
      <TargetForm target={t} onDone={() => setEditing(null)} />
    ) : (
      <span className="button-row">
        <button type="button" className="secondary" onClick={() => setEditing(t.id)} aria-label={`Edit ${t.url}`}>
          Edit
        </button>
        {t.status === 'active' ? (
          <>
            <button
              type="button"
              className="secondary"
              onClick={() => setTesting({ targetId: t.id, url: t.url })}
              aria-label={`Test ${t.url}`}
            >
              Test
            </button>
            <button type="button" className="secondary" onClick={() => pause.mutate({ targetId: t.id })} aria-label={`Pause ${t.url}`}>
              Pause
            </button>
          </>
        ) : null}
        {/* Offered in every state: for a paused or disabled target they are queued, sent once it is active. */}
        <button
          type="button"
          className="secondary"
          onClick={() => setRecovering({ targetId: t.id, url: t.url, since: recoverSinceFor(t.disabledAt) })}
          aria-label={`Resend failed deliveries to ${t.url}`}
        >
          Resend failed
        </button>
        {t.status === 'paused' ? (
          <button type="button" onClick={() => resume.mutate({ targetId: t.id })} aria-label={`Resume ${t.url}`}>
            Resume
          </button>
        ) : null}
        {t.status === 'disabled' ? (
          <button
            type="button"
            aria-label={`Enable ${t.url}`}
            onClick={() =>
              enable.mutate(
                { targetId: t.id },
                // Enabled again: offer to resend what failed during the outage.
                { onSuccess: () => setRecovering({ targetId: t.id, url: t.url, since: recoverSinceFor(t.disabledAt) }) },
              )
            }
          >
            Enable
          </button>
        ) : null}
        <button type="button" className="secondary" onClick={() => setHistory(t)} aria-label={`History of ${t.url}`}>
          History
        </button>
        <ConfirmButton
          label={`Delete ${t.url}`}
          question={`Delete the target ${t.url}?`}
          onConfirm={() => remove.mutate({ targetId: t.id })}
        >
          Delete
        </ConfirmButton>
      </span>
    );
  return (
    <Page title="Webhooks" actions={<Link to={`${BASE}/webhooks/deliveries`}>Delivery log</Link>}>
      <Section id="targets" title="Targets">
        <ErrorBox error={enable.error ?? pause.error ?? resume.error ?? remove.error} />
        <ListTable
          query={targets}
          label="Webhook targets"
          loading="targets"
          empty={{
            title: 'No webhook targets yet.',
            hint: canWrite
              ? 'Add one below: the events of the workspace it subscribes to are then delivered to it, signed.'
              : 'An admin can add one.',
          }}
          rowKey={(t) => t.id}
          columns={[
            {
              header: 'URL',
              primary: true,
              cell: (t) => (
                <Clip text={t.url} label="URL" link={(u) => <Link to={`${BASE}/webhooks/deliveries?targetId=${t.id}`}>{u}</Link>} />
              ),
            },
            { header: 'Description', cell: (t) => (t.description ? <Clip text={t.description} label="description" /> : '—') },
            {
              header: 'Event types',
              cell: (t) => (t.eventTypes ? `${t.eventTypes.length} of ${EVERY_TYPE_COUNT}` : 'Every type'),
            },
            {
              header: 'Status',
              cell: (t) => (
                <>
                  <StatusBadge status={t.status} />
                  {t.status === 'disabled' ? (
                    <span className="status-note">
                      {' '}
                      since <DateTime iso={t.disabledAt} />: {t.disabledReason ?? 'no reason recorded'}. Enabling sends the oldest waiting
                      delivery first; the rest follow once one succeeds.
                    </span>
                  ) : null}
                  {t.status === 'paused' ? (
                    <span className="status-note">
                      {' '}
                      since <DateTime iso={t.updatedAt} />: nothing is sent; deliveries wait until it is resumed.
                    </span>
                  ) : null}
                </>
              ),
            },
            ...(canWrite ? [{ header: 'Actions', cell: (t: Target) => actions(t) }] : []),
          ]}
        />
      </Section>
      {testing ? (
        <Section id="test" title="Send a test event">
          <TestSend key={testing.targetId} {...testing} onClose={() => setTesting(null)} />
        </Section>
      ) : null}
      {recovering ? (
        <Section id="recover" title="Resend failed deliveries">
          <RecoverFailed
            key={`${recovering.targetId}-${recovering.since}`}
            {...recovering}
            status={targets.data?.data.find((t) => t.id === recovering.targetId)?.status ?? 'active'}
            onClose={() => setRecovering(null)}
          />
        </Section>
      ) : null}
      {history ? <TargetHistory target={history} onClose={() => setHistory(null)} /> : null}
      {canWrite ? (
        <Section id="new" title="New target">
          <TargetForm onDone={() => {}} />
        </Section>
      ) : null}
      <Section id="keys" title="Signing keys">
        <p className="muted">
          Receivers verify each delivery with the public keys of the <a href="/.well-known/jwks.json">JWKS</a>. Rotation:{' '}
          <code>fas keys rotate</code>.
        </p>
        <ListTable
          query={keys}
          label="Signing keys"
          rowKey={(k) => k.kid}
          columns={[
            { header: 'Key id', cell: (k) => <code className="wrap-anywhere">{k.kid}</code>, primary: true },
            { header: 'State', cell: (k) => <StatusBadge status={k.state} /> },
            { header: 'Signs from', cell: (k) => <DateTime iso={k.activatesAt} /> },
            { header: 'Retires', cell: (k) => <DateTime iso={k.retiresAt} /> },
          ]}
        />
      </Section>
    </Page>
  );
}
