import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { valueLabel } from '../labels.js';
import { type Outputs, useTRPC } from '../trpc.js';
import { Section } from './layout.js';
import { type Column, ListTable, PagedTable } from './tables.js';
import { CopyButton, DateTime, StatusBadge, shortId } from './values.js';

/** Up to this many wallets, beneficiaries or bank accounts per list (the total is shown). */
const LIMIT = 50;

type Wallet = Outputs['accounts']['cryptoWallets']['data'][number];
type Beneficiary = Outputs['accounts']['cryptoBeneficiaries']['data'][number];
type Bank = Outputs['accounts']['bankAccounts']['data'][number];

/** A blockchain address: monospace, shortened in the middle, copyable. */
function Address({ value }: { value: string }) {
  return (
    <span className="long">
      <code title={value}>{shortId(value, 10, 8)}</code>
      <CopyButton text={value} label={`Copy address ${value}`} />
    </span>
  );
}

const WALLET_COLUMNS: Column<Wallet>[] = [
  { header: 'Currency', cell: (w) => w.coin, primary: true },
  { header: 'Network', cell: (w) => valueLabel(w.network) },
  { header: 'Address', cell: (w) => <Address value={w.address} /> },
  { header: 'Created', cell: (w) => <DateTime iso={w.createdAt} /> },
];
const BENEFICIARY_COLUMNS: Column<Beneficiary>[] = [
  { header: 'Name', cell: (b) => b.name, primary: true },
  { header: 'Currency', cell: (b) => b.coin },
  { header: 'Network', cell: (b) => valueLabel(b.network) },
  { header: 'Address', cell: (b) => <Address value={b.address} /> },
  { header: 'Updated', cell: (b) => <DateTime iso={b.updatedAt} /> },
];
const BANK_COLUMNS: Column<Bank>[] = [
  { header: 'Holder', cell: (b) => b.holderName, primary: true },
  { header: 'Bank', cell: (b) => b.bankName ?? '—' },
  { header: 'Routing number', cell: (b) => <code>{b.routingNumber}</code> },
  { header: 'Account number', cell: (b) => <code>••••{b.accountNumberLast4}</code> },
  { header: 'Type', cell: (b) => valueLabel(b.accountType) },
  { header: 'Linked', cell: (b) => <DateTime iso={b.createdAt} /> },
];

/** One of the account's lists, titled; an empty state saying how such a thing is added. */
function Resource<T extends { id: string }>(props: {
  id: string;
  title: string;
  query: UseQueryResult<{ data: T[]; page: number; limit: number; total: number }, unknown>;
  columns: Column<T>[];
  hint: string;
}) {
  const what = props.title.toLowerCase();
  return (
    <Section id={props.id} title={props.title}>
      <PagedTable
        query={props.query}
        label={what}
        empty={{ title: `No ${what}.`, hint: props.hint }}
        rowKey={(r) => r.id}
        columns={props.columns}
      />
    </Section>
  );
}

/** The account's crypto wallets, crypto beneficiaries and linked bank accounts. */
export function AccountResources({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const page = { accountId, limit: LIMIT };
  const wallets = useQuery(trpc.accounts.cryptoWallets.queryOptions(page));
  const beneficiaries = useQuery(trpc.accounts.cryptoBeneficiaries.queryOptions(page));
  const banks = useQuery(trpc.accounts.bankAccounts.queryOptions(page));
  return (
    <>
      <Resource
        id="wallets"
        title="Crypto wallets"
        query={wallets}
        columns={WALLET_COLUMNS}
        hint="Created through the API (POST /api/v2/accounts/{accountId}/crypto-wallets)."
      />
      <Resource
        id="beneficiaries"
        title="Crypto beneficiaries"
        query={beneficiaries}
        columns={BENEFICIARY_COLUMNS}
        hint="Saved through the API (POST /api/v2/accounts/{accountId}/crypto-beneficiaries)."
      />
      <Resource
        id="banks"
        title="Bank accounts"
        query={banks}
        columns={BANK_COLUMNS}
        hint="Linked through the API (POST /api/v2/accounts/{accountId}/bank-accounts)."
      />
    </>
  );
}

/** Statuses newest first, from the account's events. */
export function AccountStatusHistory({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.accounts.statusHistory.queryOptions({ accountId }));
  return (
    <Section id="status" title="Status history">
      <ListTable
        query={q}
        label="Status history"
        loading="the status history"
        rowKey={(e) => `${e.date}-${e.event}-${e.status}`}
        columns={[
          { header: 'Status', cell: (e) => <StatusBadge status={e.status} />, primary: true },
          { header: 'Previous status', cell: (e) => (e.previousStatus ? valueLabel(e.previousStatus) : '—') },
          { header: 'Date', cell: (e) => <DateTime iso={e.date} /> },
          { header: 'Event', cell: (e) => <code>{e.event}</code> },
        ]}
      />
    </Section>
  );
}
