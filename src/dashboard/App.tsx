import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PageErrorBoundary } from './components/ErrorBoundary.js';
import { Loading, Page } from './components/layout.js';
import { ZonePicker } from './components/ZonePicker.js';
import { errorInfo } from './errors.js';
import { Account } from './pages/Account.js';
import { Accounts } from './pages/Accounts.js';
import { ApiKeys } from './pages/ApiKeys.js';
import { AuditLog } from './pages/AuditLog.js';
import { Deliveries } from './pages/Deliveries.js';
import { Delivery } from './pages/Delivery.js';
import { Event } from './pages/Event.js';
import { Events } from './pages/Events.js';
import { Settings } from './pages/Settings.js';
import { SignIn } from './pages/SignIn.js';
import { Transaction } from './pages/Transaction.js';
import { Transactions } from './pages/Transactions.js';
import { Webhooks } from './pages/Webhooks.js';
import { BASE, Link, useLocation } from './router.js';
import { SessionContext } from './session.js';
import { useTRPC } from './trpc.js';

// The overview's charts (uPlot) load with the overview only: the other pages start with less JavaScript.
const Overview = lazy(() => import('./pages/Overview.js').then((m) => ({ default: m.Overview })));

const NAV = [
  ['Overview', BASE],
  ['Accounts', `${BASE}/accounts`],
  ['Transactions', `${BASE}/transactions`],
  ['Webhooks', `${BASE}/webhooks`],
  ['Events', `${BASE}/events`],
  ['API keys', `${BASE}/api-keys`],
  ['Audit log', `${BASE}/audit-log`],
  ['Settings', `${BASE}/settings`],
] as const;
/** Entries only admins see (settings still answers analysts, read-only; the audit log refuses them). */
const ADMIN_ONLY: readonly string[] = [`${BASE}/audit-log`, `${BASE}/settings`];

function Route({ path }: { path: string }) {
  const rest = path.startsWith(BASE) ? path.slice(BASE.length) : path;
  const [a, b, c, d] = rest.split('/').filter(Boolean);
  if (!a) return <Overview />;
  if (a === 'accounts' && !b) return <Accounts />;
  if (a === 'accounts' && b && !c) return <Account key={b} accountId={b} />;
  if (a === 'transactions' && !b) return <Transactions />;
  if (a === 'transactions' && b && !c) return <Transaction key={b} transactionId={b} />;
  if (a === 'webhooks' && !b) return <Webhooks />;
  if (a === 'webhooks' && b === 'deliveries' && !c) return <Deliveries />;
  if (a === 'webhooks' && b === 'deliveries' && c && !d) return <Delivery key={c} deliveryId={c} />;
  if (a === 'events' && !b) return <Events />;
  if (a === 'events' && b && !c) return <Event key={b} eventId={b} />;
  if (a === 'api-keys' && !b) return <ApiKeys />;
  if (a === 'audit-log' && !b) return <AuditLog />;
  if (a === 'settings' && !b) return <Settings />;
  return (
    <Page title="Page not found">
      <p>There is no page at this address.</p>
      <p>
        <Link to={BASE}>Back to the overview</Link>
      </p>
    </Page>
  );
}

/** The top bar: the sections, collapsed behind a Menu button on narrow screens (styles/layout.css, styles/phone.css). */
function TopBar({
  path,
  email,
  role,
  sandbox,
  onSignOut,
}: {
  path: string;
  email: string;
  role: string;
  sandbox: boolean;
  onSignOut: () => void;
}) {
  const [open, setOpen] = useState(false);
  // A chosen entry closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation, which `path` stands for
  useEffect(() => {
    setOpen(false);
  }, [path]);
  const active = (href: string) => (href === BASE ? path === BASE : path.startsWith(href));
  return (
    <header className="top">
      <div className="top-row">
        <Link to={BASE} className="brand">
          FAS dashboard
        </Link>
        {sandbox ? <span className="badge sandbox">Sandbox</span> : null}
        <button type="button" className="menu-button" aria-expanded={open} aria-controls="main-nav" onClick={() => setOpen(!open)}>
          Menu
        </button>
      </div>
      <nav id="main-nav" aria-label="Main" className={open ? 'open' : undefined}>
        <ul>
          {NAV.filter(([, href]) => role === 'admin' || !ADMIN_ONLY.includes(href)).map(([label, href]) => (
            <li key={href}>
              <Link to={href} aria-current={active(href) ? 'page' : undefined}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="who">
          <ZonePicker />
          <span className="who-email" title={email}>
            {email}
          </span>{' '}
          <span className="muted-on-dark">({role})</span>
          <button type="button" className="secondary" onClick={onSignOut}>
            Sign out
          </button>
        </div>
      </nav>
    </header>
  );
}

export function App() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { path } = useLocation();
  const me = useQuery(trpc.session.me.queryOptions(undefined, { retry: false }));
  const signOut = useMutation(trpc.session.signOut.mutationOptions({ onSettled: () => qc.resetQueries() }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation, which `path` stands for
  useEffect(() => {
    // In braces: recent browsers make scrollTo return a promise, which React would take for a cleanup.
    window.scrollTo(0, 0);
  }, [path]);
  if (me.isPending) return <Loading what="your session" />;
  if (me.error) {
    const e = errorInfo(me.error);
    return (
      <SignIn notice={e.code === 'UNAUTHENTICATED' && /ended/.test(e.message) ? 'Your session has ended; sign in again.' : undefined} />
    );
  }
  const s = me.data;
  return (
    <SessionContext.Provider value={{ email: s.email, role: s.role, sandbox: s.sandbox }}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopBar path={path} email={s.email} role={s.role} sandbox={s.sandbox} onSignOut={() => signOut.mutate()} />
      <main id="main" tabIndex={-1}>
        <PageErrorBoundary key={path}>
          <Suspense fallback={<Loading what="the page" />}>
            <Route path={path} />
          </Suspense>
        </PageErrorBoundary>
      </main>
    </SessionContext.Provider>
  );
}
