import { withQuery } from '../router.js';

/**
 * "Export CSV": downloads every row matching the list's current filters (not just the page) from
 * the server's session-cookie export route, which takes the REST list's parameter names.
 */
export function ExportLink({
  file,
  query,
  filters,
  label = 'Export CSV',
}: {
  file: string;
  query: Record<string, string>;
  filters: readonly string[];
  label?: string;
}) {
  const values = Object.fromEntries(filters.map((f) => [f, query[f]]));
  return (
    <a className="button secondary" href={withQuery(`/dashboard/export/${file}`, values)} download={file}>
      {label}
    </a>
  );
}
