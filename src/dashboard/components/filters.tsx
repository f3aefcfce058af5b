import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react';

type Option = string | { value: string; label: string };

/** A labelled `<select>` whose first choice, "any", means no filter. */
export function SelectFilter(props: { label: string; name: string; options: readonly Option[]; value?: string; any?: boolean }) {
  return (
    <label>
      {props.label}
      <select name={props.name} defaultValue={props.value ?? ''}>
        {props.any === false ? null : <option value="">any</option>}
        {props.options.map((o) =>
          typeof o === 'string' ? (
            <option key={o}>{o}</option>
          ) : (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ),
        )}
      </select>
    </label>
  );
}

/** A labelled text input prefilled from the URL. */
export function TextFilter(props: { label: string; name: string; value?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const { label, value, ...input } = props;
  return (
    <label>
      {label}
      <input {...input} defaultValue={value ?? ''} />
    </label>
  );
}

/**
 * The filter form of a list page: re-mounted when the URL changes (so its controls show the URL's
 * values, e.g. after back/forward), and its values handed over on Apply.
 */
export function FilterForm(props: { query: Record<string, string>; onApply: (values: FormData) => void; children: ReactNode }) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    props.onApply(new FormData(e.currentTarget));
  };
  return (
    <form className="filters" onSubmit={submit} key={JSON.stringify(props.query)}>
      {props.children}
      <button type="submit">Apply filters</button>
    </form>
  );
}
