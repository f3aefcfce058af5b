import type { FormEvent } from 'react';
import type { FieldError } from '../errors.js';
import type { ApiKeysData } from '../hooks/use-api-keys.js';
import { FieldErrors } from './form-errors.js';
import { Section } from './layout.js';
import { CopyButton } from './values.js';

/** The new-key form, and the new key's secret, shown once. */
export function NewApiKey({ create, fieldErrors }: { create: ApiKeysData['create']; fieldErrors: FieldError[] }) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim();
    create.mutate(name ? { name } : {}, { onSuccess: () => form.reset() });
  };
  return (
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
  );
}
