import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { errorInfo } from '../errors.js';
import type { Target } from '../hooks/use-webhook-targets.js';
import { useTRPC } from '../trpc.js';
import { chosenEventTypes, EventTypePicker } from './EventTypePicker.js';
import { FieldErrors } from './form-errors.js';
import { ErrorBox } from './layout.js';

/** Creates a webhook target, or edits one (its URL, description and event types). */
export function TargetForm(props: { target?: Target; onDone: () => void }) {
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
