import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBox, Loading, Pager } from './common.js';

export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
}

/** A list as an HTML table with a header row; `busy` marks rows being replaced by a refetch. */
export function DataTable<T>(props: { columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string; busy?: boolean; label?: string }) {
  return (
    <table aria-busy={props.busy} aria-label={props.label}>
      <thead>
        <tr>
          {props.columns.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed per table
            <th key={i} scope="col">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={props.rowKey(row)}>
            {props.columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed per table
              <td key={i}>{c.cell(row)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface PageOf<T> {
  data: T[];
  page: number;
  limit: number;
  total: number;
}

/**
 * A server-paged list: its error, its rows, and the pager when `path` is given (the page lives in
 * the URL); otherwise the total only. Earlier rows stay shown while a new page loads.
 */
export function PagedTable<T>(props: {
  query: UseQueryResult<PageOf<T>, unknown>;
  what: string;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  path?: string;
  search?: Record<string, string>;
  empty?: ReactNode;
}) {
  const { query: q } = props;
  if (!q.data) return q.isPending ? <Loading what={props.what} /> : <ErrorBox error={q.error} />;
  const { data, page, limit, total } = q.data;
  return (
    <>
      <ErrorBox error={q.error} />
      {data.length === 0 && props.empty ? <p>{props.empty}</p> : null}
      <DataTable columns={props.columns} rows={data} rowKey={props.rowKey} busy={q.isFetching} label={props.what} />
      {props.path ? (
        <Pager path={props.path} query={props.search ?? {}} page={page} limit={limit} total={total} />
      ) : total > data.length ? (
        <p className="muted">
          Showing {data.length} of {total}.
        </p>
      ) : null}
    </>
  );
}
