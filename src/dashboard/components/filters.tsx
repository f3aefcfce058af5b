import { createContext, type FormEvent, type InputHTMLAttributes, type ReactNode, useContext, useState } from 'react';
import { useSearch } from '../router.js';

export type Option = string | { value: string; label: string };

/** Messages of the filter form's last Apply, by control name. */
const Problems = createContext<Record<string, string>>({});

function Problem({ name }: { name: string }) {
  const message = useContext(Problems)[name];
  return message ? (
    <span className="field-error" id={`${name}-problem`}>
      {message}
    </span>
  ) : null;
}

/** A labelled `<select>`; its first choice, "Any", means no filter (unless `any` is false). */
export function SelectFilter(props: {
  label: string;
  name: string;
  options: readonly Option[];
  value?: string;
  any?: boolean | string;
  id?: string;
}) {
  const id = props.id ?? `f-${props.name}`;
  const known = props.options.some((o) => (typeof o === 'string' ? o : o.value) === props.value);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} name={props.name} defaultValue={props.value ?? ''}>
        {props.any === false ? null : <option value="">{typeof props.any === 'string' ? props.any : 'Any'}</option>}
        {/* A value from a bookmark that is not offered stays visible (the server says what is wrong with it). */}
        {props.value && !known ? <option value={props.value}>{props.value}</option> : null}
        {props.options.map((o) =>
          typeof o === 'string' ? (
            <option key={o} value={o}>
              {o}
            </option>
          ) : (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ),
        )}
      </select>
      <Problem name={props.name} />
    </div>
  );
}

/** A labelled text input prefilled from the URL; a problem found on Apply shows under it. */
export function TextFilter(props: { label: string; name: string; value?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const { label, value, id, ...input } = props;
  const problem = useContext(Problems)[props.name];
  const inputId = id ?? `f-${props.name}`;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input
        {...input}
        id={inputId}
        defaultValue={value ?? ''}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${props.name}-problem` : undefined}
      />
      <Problem name={props.name} />
    </div>
  );
}

/**
 * The filter form of a list page: re-mounted when the URL changes (so its controls show the URL's
 * values, e.g. after back/forward); on Apply, `check` may refuse values with a message per control,
 * otherwise the values go to `onApply`.
 */
export function FilterForm(props: {
  query: Record<string, string>;
  onApply: (values: FormData) => void;
  check?: (values: FormData) => Record<string, string>;
  label?: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const [problems, setProblems] = useState<Record<string, string>>({});
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = new FormData(e.currentTarget);
    const found = props.check?.(values) ?? {};
    setProblems(found);
    if (!Object.keys(found).length) props.onApply(values);
  };
  return (
    <Problems.Provider value={problems}>
      <form className="filters" onSubmit={submit} key={JSON.stringify(props.query)} aria-label={props.label ?? 'Filters'} noValidate>
        {props.children}
        <div className="filter-actions">
          <button type="submit">Apply filters</button>
          {props.extra}
        </div>
      </form>
    </Problems.Provider>
  );
}

/** The search box's own rule (3 to 255 characters, as the API's), said in words before any request. */
export function checkSearch(values: FormData, name = 'search'): Record<string, string> {
  const search = String(values.get(name) ?? '').trim();
  if (search && search.length < 3) return { [name]: 'Type at least 3 characters' };
  if (search.length > 255) return { [name]: 'Use at most 255 characters' };
  return {};
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account id and date range filters' rules: a whole id, and "To" after "From". */
export function checkAccountAndDates(values: FormData): Record<string, string> {
  const problems: Record<string, string> = {};
  const accountId = String(values.get('accountId') ?? '').trim();
  if (accountId && !UUID.test(accountId)) problems.accountId = 'Enter a whole account id (36 characters; the copy button gives it)';
  const from = String(values.get('startDate') ?? '');
  const to = String(values.get('endDate') ?? '');
  if (from && to && from >= to) problems.endDate = 'Choose a time after "From"';
  return problems;
}

/**
 * A list page's state, kept in the URL: the query, the list's input (page, limit and each of
 * `filters` present, under the same names) and whether any filter is set. The URL's values are
 * sent as they are: the server validates them and says what is wrong.
 */
export function useListSearch<Input>(filters: readonly (keyof Extract<Input, object> & string)[]): {
  query: Record<string, string>;
  input: Extract<Input, object>;
  filtered: boolean;
} {
  const query = useSearch();
  const input: Record<string, string | number> = { page: Number(query.page ?? 1) || 1, limit: Number(query.limit ?? 50) || 50 };
  for (const f of filters) if (query[f]) input[f] = query[f];
  return { query, input: input as Extract<Input, object>, filtered: filters.some((f) => query[f]) };
}
