import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatCount } from '../format.js';
import { Link, withQuery } from '../router.js';
import { EmptyState, ErrorBox, Loading } from './layout.js';

export interface Column<T> {
  /** Words: the column's heading, and each value's label when rows become cards on a phone. */
  header: string;
  cell: (row: T) => ReactNode;
  /** Figures line up on the right. */
  numeric?: boolean;
  /** On a phone, the value that titles the card (shown first, without its label). */
  primary?: boolean;
}

/**
 * A list as a table that scrolls sideways inside its own box when wider than the screen; under
 * 720 px every row becomes a card of label/value lines (styles/phone.css) unless `keepTable`, so nothing
 * pushes the page.
 */
export function DataTable<T>(props: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  busy?: boolean;
  label: string;
  /** Stays a table on a phone (narrow figures tables read better so); it scrolls in its box if it must. */
  keepTable?: boolean;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard
    <section className="table-wrap" aria-label={props.label} tabIndex={0}>
      <table aria-busy={props.busy} aria-label={props.label} className={props.keepTable ? 'data' : 'data cards'}>
        <thead>
          <tr>
            {props.columns.map((c) => (
              <th key={c.header} scope="col" className={c.numeric ? 'num' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)}>
              {props.columns.map((c) => (
                <td
                  key={c.header}
                  data-label={c.header}
                  className={[c.numeric ? 'num' : '', c.primary ? 'primary' : ''].join(' ').trim() || undefined}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Where the list stands, and previous/next; the page lives in the URL like every filter. */
export function Pager(props: { path: string; query: Record<string, string>; page: number; limit: number; total: number; shown: number }) {
  const pages = Math.max(1, Math.ceil(props.total / props.limit));
  const to = (page: number) => withQuery(props.path, { ...props.query, page });
  const first = (props.page - 1) * props.limit + 1;
  return (
    <nav aria-label="Pages" className="pager">
      <span>
        {props.shown
          ? `${formatCount(first)}–${formatCount(first + props.shown - 1)} of ${formatCount(props.total)}`
          : `${formatCount(props.total)} in total`}{' '}
        · page {formatCount(props.page)} of {formatCount(pages)}
      </span>
      <span className="pager-links">
        {props.page > 1 ? <Link to={to(props.page - 1)}>Previous page</Link> : null}
        {props.page < pages ? <Link to={to(props.page + 1)}>Next page</Link> : null}
      </span>
    </nav>
  );
}

/**
 * A whole list from one query (no pages): loading, its error, an empty state (when `empty` is
 * given), its rows.
 */
export function ListTable<T>(props: {
  query: UseQueryResult<{ data: T[] }, unknown>;
  label: string;
  /** What is loading, in words ("the team"); the label otherwise. */
  loading?: string;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  empty?: { title: string; hint?: ReactNode };
}) {
  const { query: q } = props;
  if (!q.data) return q.isPending ? <Loading what={props.loading ?? props.label} /> : <ErrorBox error={q.error} />;
  if (!q.data.data.length && props.empty) return <EmptyState title={props.empty.title}>{props.empty.hint}</EmptyState>;
  return <DataTable columns={props.columns} rows={q.data.data} rowKey={props.rowKey} label={props.label} />;
}

interface PageOf<T> {
  data: T[];
  page: number;
  limit: number;
  total: number;
}

/**
 * A server-paged list: loading, its error, an empty state, its rows, and the pager when `path` is
 * given (the page lives in the URL); otherwise how many of the total are shown. Earlier rows stay
 * while a new page loads.
 */
export function PagedTable<T>(props: {
  query: UseQueryResult<PageOf<T>, unknown>;
  label: string;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  path?: string;
  search?: Record<string, string>;
  empty: { title: string; hint?: ReactNode };
}) {
  const { query: q } = props;
  if (!q.data) return q.isPending ? <Loading what={props.label} /> : <ErrorBox error={q.error} />;
  const { data, page, limit, total } = q.data;
  return (
    <>
      <ErrorBox error={q.error} />
      {data.length === 0 ? (
        <EmptyState title={page > 1 && total > 0 ? `No ${props.label} on this page.` : props.empty.title}>{props.empty.hint}</EmptyState>
      ) : (
        <DataTable columns={props.columns} rows={data} rowKey={props.rowKey} busy={q.isFetching} label={props.label} />
      )}
      {props.path ? (
        <Pager path={props.path} query={props.search ?? {}} page={page} limit={limit} total={total} shown={data.length} />
      ) : total > data.length ? (
        <p className="muted">
          Showing {formatCount(data.length)} of {formatCount(total)}.
        </p>
      ) : null}
    </>
  );
}
