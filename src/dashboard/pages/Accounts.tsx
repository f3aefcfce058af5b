import { useQuery } from '@tanstack/react-query';
import { CONTRACT_ENUMS } from '../../core/generated/contract-facts.js';
import { FilterForm, SelectFilter, TextFilter } from '../components/filters.js';
import { PagedTable } from '../components/tables.js';
import { formatTime } from '../format.js';
import { BASE, Link, navigate, useSearch, withQuery } from '../router.js';
import { useTRPC } from '../trpc.js';

const STATUSES = CONTRACT_ENUMS.AccountStatus;
const PATH = `${BASE}/accounts`;

export function Accounts() {
  const trpc = useTRPC();
  const query = useSearch();
  const input = {
    ...(query.search ? { search: query.search } : {}),
    ...(query.status ? { status: query.status as (typeof STATUSES)[number] } : {}),
    page: Number(query.page ?? 1) || 1,
    limit: Number(query.limit ?? 50) || 50,
  };
  const q = useQuery({ ...trpc.accounts.list.queryOptions(input), placeholderData: (prev) => prev });
  const apply = (f: FormData) =>
    navigate(withQuery(PATH, { search: String(f.get('search') ?? ''), status: String(f.get('status') ?? ''), limit: query.limit }));
  return (
    <>
      <h1>Accounts</h1>
      <FilterForm query={query} onApply={apply}>
        <TextFilter label="Search" name="search" type="search" value={query.search} />
        <SelectFilter label="Status" name="status" options={STATUSES} value={query.status} />
      </FilterForm>
      <PagedTable
        query={q}
        what="accounts"
        path={PATH}
        search={query}
        rowKey={(a) => a.accountId}
        columns={[
          { header: 'Email', cell: (a) => <Link to={`${PATH}/${a.accountId}`}>{a.email}</Link> },
          { header: 'Type', cell: (a) => a.type },
          { header: 'Status', cell: (a) => a.status },
          { header: 'Reference', cell: (a) => a.reference ?? '—' },
          { header: 'Created (UTC)', cell: (a) => formatTime(a.createdAt, 'utc') },
        ]}
      />
    </>
  );
}
