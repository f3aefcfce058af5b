import type { ReactNode } from 'react';
import { Link, withQuery } from '../router.js';
import { errorInfo } from '../trpc.js';

export function ErrorBox({ error }: { error: unknown }) {
  if (!error) return null;
  const e = errorInfo(error);
  return (
    <div role="alert" className="error">
      <strong>{e.code}</strong>: {e.message}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return <output className="muted loading">Loading {what}…</output>;
}

/** Previous/next and the total; the page lives in the URL like every filter. */
export function Pager(props: { path: string; query: Record<string, string>; page: number; limit: number; total: number }) {
  const pages = Math.max(1, Math.ceil(props.total / props.limit));
  const to = (page: number) => withQuery(props.path, { ...props.query, page });
  return (
    <nav aria-label="Pages" className="pager">
      <span>
        {props.total} in total · page {props.page} of {pages}
      </span>
      {props.page > 1 ? <Link to={to(props.page - 1)}>Previous page</Link> : null}
      {props.page < pages ? <Link to={to(props.page + 1)}>Next page</Link> : null}
    </nav>
  );
}

/** A resource's scalar fields as a definition list (nested objects flattened with dots). */
export function Fields({ value, omit = [] }: { value: Record<string, unknown>; omit?: string[] }) {
  const rows: [string, ReactNode][] = [];
  const walk = (obj: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(obj)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (omit.includes(key)) continue;
      if (v && typeof v === 'object' && !Array.isArray(v)) walk(v as Record<string, unknown>, key);
      else
        rows.push([
          key,
          Array.isArray(v)
            ? v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x))).join(', ')
            : v === null
              ? '—'
              : String(v),
        ]);
    }
  };
  walk(value, '');
  return (
    <dl className="fields">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function FieldErrors({ errors, field }: { errors: { field: string; message: string }[]; field: string }) {
  const mine = errors.filter((e) => e.field === field);
  if (!mine.length) return null;
  return (
    <span className="field-error" id={`${field}-error`}>
      {mine.map((e) => e.message).join('; ')}
    </span>
  );
}

/** A titled part of a page, labelled by its heading for assistive technology. */
export function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{title}</h2>
      {children}
    </section>
  );
}
