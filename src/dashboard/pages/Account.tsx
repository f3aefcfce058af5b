import { useQuery } from '@tanstack/react-query';
import { AccountResources, AccountStatusHistory } from '../components/AccountSections.js';
import { KycReview } from '../components/KycReview.js';
import { AccountBalances, AccountStatement } from '../components/LedgerSections.js';
import { Details, ErrorBox, Loading, Page, Section } from '../components/layout.js';
import { ObjectHistory } from '../components/ObjectHistory.js';
import { SandboxAccountActions } from '../components/SandboxActions.js';
import { PagedTable } from '../components/tables.js';
import { Direction, TransactionAmount } from '../components/transaction-values.js';
import { DateTime, Id, StatusBadge } from '../components/values.js';
import { valueLabel } from '../labels.js';
import { BASE, Link } from '../router.js';
import { useTRPC } from '../trpc.js';

/**
 * One account: its profile, balances and statement, status history, KYC or KYB review, its
 * resources and latest transactions, in two batched requests.
 */
export function Account({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  // Two waves of at most 6 calls each (one request each): the account with the sections that need
  // only its id, then, once it is known, the verification (KYC or KYB), transactions and history.
  const account = useQuery(trpc.accounts.get.queryOptions({ accountId }));
  const a = account.data;
  if (account.error) {
    return (
      <Page title="Account">
        <ErrorBox error={account.error} back />
      </Page>
    );
  }
  return (
    <Page
      title={a ? `Account ${a.email ?? a.accountId}` : 'Account'}
      heading={a ? (a.email ?? 'Erased account') : 'Account'}
      badges={a ? <StatusBadge status={a.status} /> : null}
    >
      {a ? (
        <Section id="profile" title="Profile">
          <Details
            label="Profile"
            items={[
              ['Account id', <Id key="id" value={a.accountId} label="account id" />],
              ['Email', a.email],
              a.erasure ? ['Erased', <DateTime key="e" iso={a.erasure.erasedAt} />] : null,
              a.erasure ? ['What was erased', a.erasure.erased.join(', ')] : null,
              ['Type', valueLabel(a.type)],
              ['Status', <StatusBadge key="s" status={a.status} />],
              ['Reference', a.reference ?? null],
              ['Created', <DateTime key="c" iso={a.createdAt} />],
              ['Updated', <DateTime key="u" iso={a.updatedAt} />],
            ]}
          />
        </Section>
      ) : (
        <Loading what="the account" />
      )}
      {/* The sections' queries start with the account's (one batched request), but they show only
          once the account is known: an unknown id then reads as one "not found", not one per section. */}
      <div className={a ? 'contents' : undefined} hidden={!a}>
        {a ? <AccountBalances balances={a.balances ?? []} /> : null}
        <AccountStatement accountId={accountId} />
        <AccountStatusHistory accountId={accountId} />
        <KycReview accountId={accountId} accountStatus={a?.status ?? ''} business={a ? a.type === 'business' : undefined} />
        {a ? <SandboxAccountActions accountId={accountId} accountType={a.type} /> : null}
        {a ? <AccountResources accountId={accountId} /> : null}
        <AccountTransactions accountId={accountId} enabled={account.isSuccess} />
        <ObjectHistory objectId={accountId} enabled={account.isSuccess} />
      </div>
    </Page>
  );
}

/** The account's 20 latest transactions, asked for once the account is known (the second wave). */
function AccountTransactions({ accountId, enabled }: { accountId: string; enabled: boolean }) {
  const trpc = useTRPC();
  const txs = useQuery(trpc.transactions.list.queryOptions({ accountId, limit: 20 }, { enabled }));
  return (
    <Section
      id="tx"
      title="Latest transactions"
      actions={<Link to={`${BASE}/transactions?accountId=${accountId}`}>All of this account's transactions</Link>}
    >
      <PagedTable
        query={txs}
        label="the account's transactions"
        empty={{ title: 'No transactions yet.', hint: 'Transactions of this account show here as they are created.' }}
        rowKey={(t) => t.id}
        columns={[
          {
            header: 'Transaction',
            primary: true,
            cell: (t) => (
              <Id value={t.id} label="transaction id" link={(text) => <Link to={`${BASE}/transactions/${t.id}`}>{text}</Link>} />
            ),
          },
          { header: 'Type', cell: (t) => valueLabel(t.transactionType) },
          { header: 'Direction', cell: (t) => <Direction direction={t.direction} /> },
          { header: 'Status', cell: (t) => <StatusBadge status={t.status} /> },
          { header: 'Amount', cell: (t) => <TransactionAmount t={t} />, numeric: true },
          { header: 'Created', cell: (t) => <DateTime iso={t.createdAt} /> },
        ]}
      />
    </Section>
  );
}
