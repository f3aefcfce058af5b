import { useQuery } from '@tanstack/react-query';
import { CONTRACT_ENUMS } from '../../core/generated/contract-facts.js';
import { Clip } from '../components/Clip.js';
import { ExportLink } from '../components/ExportLink.js';
import { checkSearch, FilterForm, SelectFilter, TextFilter, useListSearch } from '../components/filters.js';
import { Page } from '../components/layout.js';
import { PagedTable } from '../components/tables.js';
import { DateTime, StatusBadge } from '../components/values.js';
import { valueLabel } from '../labels.js';
import { BASE, Link, navigate, withQuery } from '../router.js';
import { type Inputs, useTRPC } from '../trpc.js';

const PATH = `${BASE}/accounts`;
/** GET /api/v2/accounts's filters, under the same names in the URL and the export. */
const FILTERS = ['search', 'status'] as const;

export function Accounts() {
  const trpc = useTRPC();
  const { query, input, filtered } = useListSearch<Inputs['accounts']['list']>(FILTERS);
  const q = useQuery({ ...trpc.accounts.list.queryOptions(input), placeholderData: (prev) => prev });
  const apply = (f: FormData) =>
    navigate(withQuery(PATH, { search: String(f.get('search') ?? '').trim(), status: String(f.get('status') ?? ''), limit: query.limit }));
  return (
    <Page title="Accounts" actions={<ExportLink file="accounts.csv" query={query} filters={FILTERS} />}>
      <FilterForm
        query={query}
        onApply={apply}
        check={checkSearch}
        label="Account filters"
        extra={filtered ? <Link to={PATH}>Clear filters</Link> : null}
      >
        <TextFilter label="Search" name="search" type="search" maxLength={255} value={query.search} placeholder="email, reference or id" />
        <SelectFilter
          label="Status"
          name="status"
          options={CONTRACT_ENUMS.AccountStatus.map((s) => ({ value: s, label: valueLabel(s) }))}
          value={query.status}
        />
      </FilterForm>
      <PagedTable
        query={q}
        label="accounts"
        path={PATH}
        search={query}
        rowKey={(a) => a.accountId}
        empty={
          filtered
            ? { title: 'No account matches these filters.', hint: 'Try another spelling, or clear the filters.' }
            : { title: 'No accounts yet.', hint: 'Accounts are created through the API (POST /api/v2/accounts).' }
        }
        columns={[
          {
            header: 'Email',
            cell: (a) => <Clip text={a.email ?? 'Erased'} label="email" link={(t) => <Link to={`${PATH}/${a.accountId}`}>{t}</Link>} />,
            primary: true,
          },
          { header: 'Type', cell: (a) => valueLabel(a.type) },
          { header: 'Status', cell: (a) => <StatusBadge status={a.status} /> },
          { header: 'Reference', cell: (a) => (a.reference ? <Clip text={a.reference} label="reference" /> : '—') },
          { header: 'Created', cell: (a) => <DateTime iso={a.createdAt} /> },
        ]}
      />
    </Page>
  );
}
