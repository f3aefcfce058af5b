import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loading } from './components/common.js';
import { Account } from './pages/Account.js';
import { Accounts } from './pages/Accounts.js';
import { ApiKeys } from './pages/ApiKeys.js';
import { Deliveries } from './pages/Deliveries.js';
import { Delivery } from './pages/Delivery.js';
import { Overview } from './pages/Overview.js';
import { SignIn } from './pages/SignIn.js';
import { Transaction } from './pages/Transaction.js';
import { Transactions } from './pages/Transactions.js';
import { Webhooks } from './pages/Webhooks.js';
import { BASE, Link, useLocation } from './router.js';
import { SessionContext } from './session.js';
import { errorInfo, useTRPC } from './trpc.js';

const NAV = [
  ['Overview', BASE],
  ['Accounts', `${BASE}/accounts`],
  ['Transactions', `${BASE}/transactions`],
  ['Webhooks', `${BASE}/webhooks`],
  ['API keys', `${BASE}/api-keys`],
] as const;

function Page({ path }: { path: string }) {
  const rest = path.startsWith(BASE) ? path.slice(BASE.length) : path;
  const parts = rest.split('/').filter(Boolean);
  const [a, b, c] = parts;
  if (!a) return <Overview />;
  if (a === 'accounts' && !b) return <Accounts />;
  if (a === 'accounts' && b && !c) return <Account key={b} accountId={b} />;
  if (a === 'transactions' && !b) return <Transactions />;
  if (a === 'transactions' && b && !c) return <Transaction key={b} transactionId={b} />;
  if (a === 'webhooks' && !b) return <Webhooks />;
  if (a === 'webhooks' && b === 'deliveries' && !c) return <Deliveries />;
  if (a === 'webhooks' && b === 'deliveries' && c) return <Delivery key={c} deliveryId={c} />;
  if (a === 'api-keys' && !b) return <ApiKeys />;
  return (
    <>
      <h1>Page not found</h1>
      <p>
        <Link to={BASE}>Back to the overview</Link>
      </p>
    </>
  );
}

export function App() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { path } = useLocation();
  const me = useQuery(trpc.session.me.queryOptions(undefined, { retry: false }));
  const signOut = useMutation(trpc.session.signOut.mutationOptions({ onSettled: () => qc.resetQueries() }));
  if (me.isPending) return <Loading what="your session" />;
  if (me.error) {
    const e = errorInfo(me.error);
    return (
      <SignIn notice={e.code === 'UNAUTHENTICATED' && /ended/.test(e.message) ? 'Your session has ended; sign in again.' : undefined} />
    );
  }
  const s = me.data;
  const active = (href: string) => (href === BASE ? path === BASE : path.startsWith(href));
  return (
    <SessionContext.Provider value={{ email: s.email, role: s.role, sandbox: s.sandbox }}>
      <header className="top">
        <span className="brand">FAS dashboard</span>
        {s.sandbox ? <span className="badge">Sandbox</span> : null}
        <nav aria-label="Main">
          {NAV.map(([label, href]) => (
            <Link key={href} to={href} aria-current={active(href) ? 'page' : undefined}>
              {label}
            </Link>
          ))}
        </nav>
        <span className="who">
          {s.email} ({s.role})
        </span>
        <button type="button" onClick={() => signOut.mutate()}>
          Sign out
        </button>
      </header>
      <main>
        <Page path={path} />
      </main>
    </SessionContext.Provider>
  );
}
