import { useQuery } from '@tanstack/react-query';
import { valueLabel } from '../labels.js';
import { BASE, Link } from '../router.js';
import { type Outputs, useTRPC } from '../trpc.js';
import { EmptyState, Section } from './layout.js';
import { type Column, DataTable, ListTable, PagedTable } from './tables.js';
import { Amount, DateTime, Id } from './values.js';

type Balance = NonNullable<Outputs['accounts']['get']['balances']>[number];
type Entry = Outputs['ledger']['entries']['data'][number];

const BALANCE_COLUMNS: Column<Balance>[] = [
  { header: 'Currency', cell: (b) => b.currency, primary: true },
  { header: 'Available', cell: (b) => <Amount value={b.available} currency={b.currency} />, numeric: true },
  { header: 'Posted', cell: (b) => <Amount value={b.posted} currency={b.currency} />, numeric: true },
  { header: 'Incoming (pending)', cell: (b) => <Amount value={b.pendingIncoming} currency={b.currency} />, numeric: true },
  { header: 'Outgoing (held)', cell: (b) => <Amount value={b.pendingOutgoing} currency={b.currency} />, numeric: true },
];

/** The account's balance per currency (the account read carries them). */
export function AccountBalances({ balances }: { balances: Balance[] }) {
  return (
    <Section id="balances" title="Balances">
      {balances.length ? (
        <DataTable columns={BALANCE_COLUMNS} rows={balances} rowKey={(b) => b.currency} label="Balances" />
      ) : (
        <EmptyState title="No balance yet.">The account holds a currency once a deposit or a trade brings it in.</EmptyState>
      )}
    </Section>
  );
}

/** The account's own line of an entry: money in (credit) or out (debit), signed. */
function Change({ e }: { e: Entry }) {
  const own = e.lines.find((l) => l.ledgerAccount === 'customer');
  if (!own) return null;
  return (
    <span className={own.direction === 'debit' ? 'debit' : 'credit'}>
      {own.direction === 'debit' ? '−' : '+'}
      <Amount value={own.amount} currency={e.currency} />
    </span>
  );
}

const transactionCell = (e: Entry) =>
  e.transactionId ? (
    <Id
      value={e.transactionId}
      label="transaction id"
      link={(text) => <Link to={`${BASE}/transactions/${e.transactionId}`}>{text}</Link>}
    />
  ) : (
    'Opening balance'
  );

const STATEMENT_COLUMNS: Column<Entry>[] = [
  { header: 'Written', cell: (e) => <DateTime iso={e.createdAt} />, primary: true },
  { header: 'Transaction', cell: transactionCell },
  { header: 'Entry', cell: (e) => `${valueLabel(e.type)}${e.status ? ` (${valueLabel(e.status)})` : ''}` },
  { header: 'Change', cell: (e) => <Change e={e} />, numeric: true },
  { header: 'Available after', cell: (e) => <Amount value={e.balance.available} currency={e.currency} />, numeric: true },
  { header: 'Posted after', cell: (e) => <Amount value={e.balance.posted} currency={e.currency} />, numeric: true },
];

/** The account's statement: its latest ledger entries with the running balance after each. */
export function AccountStatement({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.ledger.entries.queryOptions({ accountId, limit: 20 }));
  return (
    <Section id="statement" title="Statement">
      <PagedTable
        query={q}
        label="the account's ledger entries"
        empty={{ title: 'No entries yet.', hint: 'Each deposit, withdrawal and trade writes entries here as it moves money.' }}
        rowKey={(e) => e.entryId}
        columns={STATEMENT_COLUMNS}
      />
    </Section>
  );
}

const ENTRY_COLUMNS: Column<Entry>[] = [
  { header: 'Written', cell: (e) => <DateTime iso={e.createdAt} />, primary: true },
  { header: 'Entry', cell: (e) => `${valueLabel(e.type)}${e.status ? ` (${valueLabel(e.status)})` : ''}` },
  {
    header: 'Lines',
    cell: (e) => (
      <span className="lines">
        {e.lines.map((l) => (
          <span key={`${l.ledgerAccount}-${l.direction}`} className="line">
            {valueLabel(l.ledgerAccount)} {l.direction} <Amount value={l.amount} currency={e.currency} />
          </span>
        ))}
      </span>
    ),
  },
  { header: 'Available after', cell: (e) => <Amount value={e.balance.available} currency={e.currency} />, numeric: true },
];

/** What a transaction's creation and status changes wrote to the ledger, oldest first. */
export function TransactionEntries({ transactionId }: { transactionId: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.ledger.transactionEntries.queryOptions({ transactionId }));
  return (
    <Section id="entries" title="Ledger entries">
      <ListTable
        query={q}
        label="Ledger entries"
        columns={ENTRY_COLUMNS}
        rowKey={(e) => e.entryId}
        empty={{ title: 'No entries.', hint: 'A transaction that moved no money writes none.' }}
      />
    </Section>
  );
}
