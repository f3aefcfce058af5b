import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { formatTime } from '../format.js';
import { errorInfo, useTRPC } from '../trpc.js';
import { ErrorBox, Loading, Section } from './common.js';
import { type Column, DataTable, PagedTable } from './tables.js';

/** Up to this many wallets, beneficiaries or bank accounts per list (the total is shown). */
const LIMIT = 50;

type Wallet = { id: string; coin: string; network: string; address: string; createdAt: string };
type Beneficiary = Wallet & { name: string; updatedAt: string };
type Bank = {
  id: string;
  holderName: string;
  bankName: string | null;
  routingNumber: string;
  accountNumberLast4: string;
  accountType: string;
  createdAt: string;
};

const WALLET_COLUMNS: Column<Wallet>[] = [
  { header: 'Coin', cell: (w) => w.coin },
  { header: 'Network', cell: (w) => w.network },
  { header: 'Address', cell: (w) => <code>{w.address}</code> },
  { header: 'Created (UTC)', cell: (w) => formatTime(w.createdAt, 'utc') },
];
const BENEFICIARY_COLUMNS: Column<Beneficiary>[] = [
  { header: 'Name', cell: (b) => b.name },
  ...WALLET_COLUMNS.slice(0, 3),
  { header: 'Updated (UTC)', cell: (b) => formatTime(b.updatedAt, 'utc') },
];
const BANK_COLUMNS: Column<Bank>[] = [
  { header: 'Holder', cell: (b) => b.holderName },
  { header: 'Bank', cell: (b) => b.bankName ?? '—' },
  { header: 'Routing number', cell: (b) => b.routingNumber },
  { header: 'Account number', cell: (b) => `••••${b.accountNumberLast4}` },
  { header: 'Type', cell: (b) => b.accountType },
  { header: 'Linked (UTC)', cell: (b) => formatTime(b.createdAt, 'utc') },
];

/** One of the account's lists, titled; "No crypto wallets." when empty. */
function Resource<T extends { id: string }>(props: {
  id: string;
  title: string;
  query: UseQueryResult<{ data: T[]; page: number; limit: number; total: number }, unknown>;
  columns: Column<T>[];
}) {
  const what = props.title.toLowerCase();
  return (
    <Section id={props.id} title={props.title}>
      <PagedTable query={props.query} what={what} empty={`No ${what}.`} rowKey={(r) => r.id} columns={props.columns} />
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
      <Resource id="wallets" title="Crypto wallets" query={wallets} columns={WALLET_COLUMNS} />
      <Resource id="beneficiaries" title="Crypto beneficiaries" query={beneficiaries} columns={BENEFICIARY_COLUMNS} />
      <Resource id="banks" title="Bank accounts" query={banks} columns={BANK_COLUMNS} />
    </>
  );
}

/** Statuses newest first, from the account's events. */
export function AccountStatusHistory({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.accounts.statusHistory.queryOptions({ accountId }));
  return (
    <Section id="status" title="Status history">
      {q.data ? (
        <DataTable
          label="Status history"
          rows={q.data.data}
          rowKey={(e) => `${e.date}-${e.event}-${e.status}`}
          columns={[
            { header: 'Status', cell: (e) => e.status },
            { header: 'Previous status', cell: (e) => e.previousStatus ?? '—' },
            { header: 'Date (UTC)', cell: (e) => formatTime(e.date, 'utc') },
            { header: 'Event', cell: (e) => <code>{e.event}</code> },
          ]}
        />
      ) : q.isPending ? (
        <Loading what="the status history" />
      ) : (
        <ErrorBox error={q.error} />
      )}
    </Section>
  );
}

/** The verification link's state, expiry and attempts; the token is never sent here. */
export function VerificationLinkState({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.kyc.verificationLink.queryOptions({ accountId }, { retry: false }));
  if (q.error && errorInfo(q.error).code === 'NOT_FOUND') return null;
  if (!q.data) return <ErrorBox error={q.error} />;
  const l = q.data;
  return (
    <Section id="link" title="Verification link">
      <p>
        State: <strong data-testid="link-state">{l.state}</strong>
        {l.usedBecause ? ` (${l.usedBecause.replace('_', ' ')})` : ''} · issued {formatTime(l.issuedAt, 'utc')} ·{' '}
        {l.state === 'expired' ? 'expired' : 'expires'} {formatTime(l.expiresAt, 'utc')} · attempts {l.attempts} of {l.maxAttempts}
      </p>
      <p>
        Verification {l.verificationStatus} · documents complete: {formatTime(l.documentsCompletedAt, 'utc')} · signed:{' '}
        {formatTime(l.signedAt, 'utc')}
      </p>
    </Section>
  );
}
