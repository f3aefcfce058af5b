import { CONTRACT_ENUMS } from '../../core/generated/contract-facts.js';
import { SCALE } from '../../core/transactions/catalog.js';
import { ExportLink } from '../components/ExportLink.js';
import { checkAccountAndDates, checkSearch, FilterForm, SelectFilter, TextFilter } from '../components/filters.js';
import { Page } from '../components/layout.js';
import { type Column, PagedTable } from '../components/tables.js';
import { Direction, TransactionAmount } from '../components/transaction-values.js';
import { DateTime, Id, StatusBadge } from '../components/values.js';
import { ZoneChoice } from '../components/ZoneChoice.js';
import { fromRfc3339, toRfc3339, type Zone, zoneLabel } from '../format.js';
import { useTransactionList } from '../hooks/use-transaction-list.js';
import { valueLabel } from '../labels.js';
import { BASE, Link, navigate, withQuery } from '../router.js';
import type { Outputs } from '../trpc.js';
import { setZone } from '../zone.js';

const PATH = `${BASE}/transactions`;
const LIMITS = ['25', '50', '100'];
/** GET /api/v2/transactions's filters, under the same names in the URL and the export. */
const FILTERS = ['search', 'accountId', 'transactionType', 'status', 'coin', 'startDate', 'endDate'] as const;

type Row = Outputs['transactions']['list']['data'][number];

function columns(zone: Zone): Column<Row>[] {
  return [
    {
      header: 'Transaction',
      primary: true,
      cell: (t) => <Id value={t.id} label="transaction id" link={(text) => <Link to={`${PATH}/${t.id}`}>{text}</Link>} />,
    },
    { header: `Created (${zoneLabel(zone)})`, cell: (t) => <DateTime iso={t.createdAt} zone={zone} /> },
    { header: 'Type', cell: (t) => valueLabel(t.transactionType) },
    { header: 'Direction', cell: (t) => <Direction direction={t.direction} /> },
    { header: 'Status', cell: (t) => <StatusBadge status={t.status} /> },
    { header: 'Amount', cell: (t) => <TransactionAmount t={t} />, numeric: true },
    { header: 'Account', cell: (t) => <Link to={`${BASE}/accounts/${t.accountId}`}>{t.account.email}</Link> },
  ];
}

/** The form's values, checked as the API would, in words, before anything is sent. */
function check(values: FormData): Record<string, string> {
  return { ...checkSearch(values), ...checkAccountAndDates(values) };
}

/** Every filter of GET /api/v2/transactions, kept in the URL under the same names. */
export function Transactions() {
  const { query, filtered, zone, q } = useTransactionList(FILTERS);
  const apply = (f: FormData) => {
    const z: Zone = String(f.get('tz')) === 'local' ? 'local' : 'utc';
    setZone(z); // the choice becomes the dashboard's, on every page
    const values: Record<string, string> = { tz: z === 'local' ? 'local' : '', limit: String(f.get('limit') ?? '') };
    for (const name of ['search', 'accountId', 'transactionType', 'status', 'coin'] as const)
      values[name] = String(f.get(name) ?? '').trim();
    values.startDate = toRfc3339(String(f.get('startDate') ?? ''), z);
    values.endDate = toRfc3339(String(f.get('endDate') ?? ''), z);
    navigate(withQuery(PATH, values));
  };
  return (
    <Page title="Transactions" actions={<ExportLink file="transactions.csv" query={query} filters={FILTERS} />}>
      <FilterForm
        query={query}
        onApply={apply}
        check={check}
        label="Transaction filters"
        extra={filtered ? <Link to={withQuery(PATH, { tz: query.tz, limit: query.limit })}>Clear filters</Link> : null}
      >
        <TextFilter label="Search" name="search" type="search" maxLength={255} value={query.search} placeholder="reference, name, id…" />
        <TextFilter label="Account id" name="accountId" value={query.accountId} spellCheck={false} className="mono" />
        <SelectFilter
          label="Type"
          name="transactionType"
          options={CONTRACT_ENUMS.TransactionType.map((t) => ({ value: t, label: valueLabel(t) }))}
          value={query.transactionType}
        />
        <SelectFilter
          label="Status"
          name="status"
          options={CONTRACT_ENUMS.TransactionStatus.map((s) => ({ value: s, label: valueLabel(s) }))}
          value={query.status}
        />
        <SelectFilter label="Currency" name="coin" options={Object.keys(SCALE)} value={query.coin?.toUpperCase()} />
        <ZoneChoice zone={zone} />
        <TextFilter label="From" name="startDate" type="datetime-local" step={1} value={fromRfc3339(query.startDate, zone)} />
        <TextFilter label="To" name="endDate" type="datetime-local" step={1} value={fromRfc3339(query.endDate, zone)} />
        <SelectFilter label="Per page" name="limit" options={LIMITS} value={query.limit ?? '50'} any={false} />
      </FilterForm>
      <PagedTable
        query={q}
        label="transactions"
        path={PATH}
        search={query}
        rowKey={(t) => t.id}
        columns={columns(zone)}
        empty={
          filtered
            ? { title: 'No transaction matches these filters.', hint: 'Widen the dates or clear a filter.' }
            : { title: 'No transactions yet.', hint: 'Transactions created through the API, or deposits in a sandbox, are listed here.' }
        }
      />
    </Page>
  );
}
