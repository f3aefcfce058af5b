import { useQuery } from '@tanstack/react-query';
import { CONTRACT_ENUMS } from '../../core/generated/contract-facts.js';
import { FilterForm, SelectFilter, TextFilter } from '../components/filters.js';
import { PagedTable } from '../components/tables.js';
import { amountOf, formatTime, fromRfc3339, localZoneName, toRfc3339, type Zone } from '../format.js';
import { BASE, Link, navigate, useSearch, withQuery } from '../router.js';
import { useTRPC } from '../trpc.js';

const PATH = `${BASE}/transactions`;
const STATUSES = CONTRACT_ENUMS.TransactionStatus;
const TYPES = CONTRACT_ENUMS.TransactionType;
const LIMITS = ['25', '50', '100'];
const FILTERS = ['search', 'accountId', 'transactionType', 'status', 'coin', 'startDate', 'endDate'] as const;

/** Every filter of GET /api/v2/transactions, kept in the URL under the same names. */
export function Transactions() {
  const trpc = useTRPC();
  const query = useSearch();
  const zone: Zone = query.tz === 'local' ? 'local' : 'utc';
  const input: Record<string, string | number> = { page: Number(query.page ?? 1) || 1, limit: Number(query.limit ?? 50) || 50 };
  for (const f of FILTERS) if (query[f]) input[f] = query[f];
  const q = useQuery({ ...trpc.transactions.list.queryOptions(input as never), placeholderData: (prev) => prev });
  const apply = (f: FormData) => {
    const z = (String(f.get('tz')) === 'local' ? 'local' : 'utc') as Zone;
    const values: Record<string, string> = { tz: z === 'local' ? 'local' : '', limit: String(f.get('limit') ?? '') };
    for (const name of ['search', 'accountId', 'transactionType', 'status', 'coin'] as const)
      values[name] = String(f.get(name) ?? '').trim();
    values.startDate = toRfc3339(String(f.get('startDate') ?? ''), z);
    values.endDate = toRfc3339(String(f.get('endDate') ?? ''), z);
    navigate(withQuery(PATH, values));
  };
  return (
    <>
      <h1>Transactions</h1>
      <FilterForm query={query} onApply={apply}>
        <TextFilter label="Search" name="search" type="search" minLength={3} maxLength={255} value={query.search} />
        <TextFilter label="Account id" name="accountId" value={query.accountId} />
        <SelectFilter label="Type" name="transactionType" options={TYPES} value={query.transactionType} />
        <SelectFilter label="Status" name="status" options={STATUSES} value={query.status} />
        <TextFilter label="Coin" name="coin" size={6} value={query.coin} />
        <fieldset>
          <legend>Time zone</legend>
          <label>
            <input type="radio" name="tz" value="utc" defaultChecked={zone === 'utc'} /> UTC
          </label>
          <label>
            <input type="radio" name="tz" value="local" defaultChecked={zone === 'local'} /> Local ({localZoneName()})
          </label>
        </fieldset>
        <TextFilter label="From" name="startDate" type="datetime-local" step={1} value={fromRfc3339(query.startDate, zone)} />
        <TextFilter label="To" name="endDate" type="datetime-local" step={1} value={fromRfc3339(query.endDate, zone)} />
        <SelectFilter label="Per page" name="limit" options={LIMITS} value={query.limit ?? '50'} any={false} />
      </FilterForm>
      <PagedTable
        query={q}
        what="transactions"
        path={PATH}
        search={query}
        rowKey={(t) => t.id}
        columns={[
          { header: 'Id', cell: (t) => <Link to={`${PATH}/${t.id}`}>{t.id.slice(0, 8)}</Link> },
          { header: 'Type', cell: (t) => t.transactionType },
          { header: 'Status', cell: (t) => t.status },
          { header: 'Coins', cell: (t) => t.coins.join('/') },
          { header: 'Amount', cell: amountOf },
          {
            header: 'Account',
            cell: (t) => <Link to={`${BASE}/accounts/${t.accountId}`}>{t.account?.email ?? t.accountId.slice(0, 8)}</Link>,
          },
          { header: `Created (${zone === 'utc' ? 'UTC' : localZoneName()})`, cell: (t) => formatTime(t.createdAt, zone) },
        ]}
      />
    </>
  );
}
