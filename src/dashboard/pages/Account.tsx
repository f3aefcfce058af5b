import { useQuery } from '@tanstack/react-query';
import { ErrorBox, Fields, Loading } from '../components/common.js';
import { SandboxKycActions } from '../components/SandboxActions.js';
import { amountOf } from '../format.js';
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
      <SandboxKycActions accountId={accountId} />
      <section aria-labelledby="tx-h">
        <h2 id="tx-h">Transactions</h2>
        <p>
          <Link to={`${BASE}/transactions?accountId=${accountId}`}>All transactions of this account</Link>
        </p>
        {txs.data ? (
          <table>
            <thead>
              <tr>
                <th scope="col">Id</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col">Amount</th>
                <th scope="col">Created (UTC)</th>
              </tr>
            </thead>
            <tbody>
              {txs.data.data.map((t) => (
                <tr key={t.id}>
                  <td>
                    <Link to={`${BASE}/transactions/${t.id}`}>{t.id.slice(0, 8)}</Link>
                  </td>
                  <td>{t.transactionType}</td>
                  <td>{t.status}</td>
                  <td>{amountOf(t)}</td>
                  <td>{t.createdAt.slice(0, 19).replace('T', ' ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <ErrorBox error={txs.error} />
        )}
      </section>
    </>
  );
}
