import { useQuery } from '@tanstack/react-query';
import { AccountResources, AccountStatusHistory, VerificationLinkState } from '../components/AccountSections.js';
import { ErrorBox, Fields, Loading } from '../components/common.js';
import { SandboxKycActions } from '../components/SandboxActions.js';
import { PagedTable } from '../components/tables.js';
import { amountOf, formatTime } from '../format.js';
import { BASE, Link } from '../router.js';
import { errorInfo, useTRPC } from '../trpc.js';

export function Account({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const account = useQuery(trpc.accounts.get.queryOptions({ accountId }));
  const kyc = useQuery(trpc.kyc.getBankingVerification.queryOptions({ accountId }, { retry: false }));
  const txs = useQuery(trpc.transactions.list.queryOptions({ accountId, limit: 20 }));
  if (account.error) return <ErrorBox error={account.error} />;
  if (!account.data) return <Loading what="the account" />;
  const noKyc = kyc.error && errorInfo(kyc.error).code === 'NOT_FOUND';
  return (
    <>
      <h1>Account {account.data.email}</h1>
      <section aria-labelledby="profile-h">
        <h2 id="profile-h">Profile</h2>
        <Fields value={account.data} />
      </section>
      <AccountStatusHistory accountId={accountId} />
      <section aria-labelledby="kyc-h">
        <h2 id="kyc-h">Banking verification (masked, as the API shows it)</h2>
        {kyc.data ? (
          <Fields value={kyc.data as Record<string, unknown>} />
        ) : noKyc ? (
          <p>No KYC data saved yet.</p>
        ) : (
          <ErrorBox error={kyc.error} />
        )}
      </section>
      <VerificationLinkState accountId={accountId} />
      <SandboxKycActions accountId={accountId} accountType={account.data.type} />
      <AccountResources accountId={accountId} />
      <section aria-labelledby="tx-h">
        <h2 id="tx-h">Transactions</h2>
        <p>
          <Link to={`${BASE}/transactions?accountId=${accountId}`}>All transactions of this account</Link>
        </p>
        <PagedTable
          query={txs}
          what="the account's transactions"
          rowKey={(t) => t.id}
          columns={[
            { header: 'Id', cell: (t) => <Link to={`${BASE}/transactions/${t.id}`}>{t.id.slice(0, 8)}</Link> },
            { header: 'Type', cell: (t) => t.transactionType },
            { header: 'Status', cell: (t) => t.status },
            { header: 'Amount', cell: amountOf },
            { header: 'Created (UTC)', cell: (t) => formatTime(t.createdAt, 'utc') },
          ]}
        />
      </section>
    </>
  );
}
