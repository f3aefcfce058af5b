import { type ReactNode, useEffect, useRef } from 'react';
import { friendlyError } from '../errors.js';
import { BASE, hasNavigated, Link } from '../router.js';

const APP = 'FAS dashboard';

/**
 * A page's frame: the document title ("Transactions · FAS dashboard"), its one h1 (focused when the
 * person navigates here, so screen readers announce the new page), badges beside it and actions.
 */
export function Page(props: { title: string; heading?: ReactNode; badges?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const h1 = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${props.title} · ${APP}`;
  }, [props.title]);
  useEffect(() => {
    // Not on the first page of a visit: focus stays where the browser put it.
    if (hasNavigated()) h1.current?.focus();
  }, []);
  return (
    <>
      <div className="page-head">
        <h1 ref={h1} tabIndex={-1}>
          {props.heading ?? props.title}
        </h1>
        {props.badges ? <span className="badges">{props.badges}</span> : null}
        {props.actions ? <div className="page-actions">{props.actions}</div> : null}
      </div>
      {props.children}
    </>
  );
}

/** A titled part of a page, labelled by its heading for assistive technology. */
export function Section({ id, title, actions, children }: { id: string; title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-h`} className="card">
      <div className="section-head">
        <h2 id={`${id}-h`}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export type DetailItem = [label: string, value: ReactNode] | null | false | undefined;

/** Label/value pairs as a grid that wraps: labels in words, each value beside or under its label, never under another. */
export function Details({ items, label }: { items: DetailItem[]; label?: string }) {
  const rows = items.filter((x): x is [string, ReactNode] => Boolean(x));
  return (
    <dl className="details" aria-label={label}>
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v === null || v === undefined || v === '' ? <span className="muted">—</span> : v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <output className="muted loading" aria-live="polite">
      Loading {what}…
    </output>
  );
}

/** What an empty list means, and what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <p className="empty-title">{title}</p>
      {children ? <p className="muted">{children}</p> : null}
    </div>
  );
}

/** An error in words: what went wrong, which values to fix; the code stays for support. */
export function ErrorBox({ error, back }: { error: unknown; back?: boolean }) {
  if (!error) return null;
  const e = friendlyError(error);
  return (
    <div role="alert" className="error">
      <p>{e.title}</p>
      {e.fields.length ? (
        <ul>
          {e.fields.map((f) => (
            <li key={`${f.label}:${f.message}`}>
              <strong>{f.label}</strong>: {f.message}
            </li>
          ))}
        </ul>
      ) : null}
      {back ? (
        <p>
          <Link to={BASE}>Back to the overview</Link>
        </p>
      ) : null}
    </div>
  );
}
