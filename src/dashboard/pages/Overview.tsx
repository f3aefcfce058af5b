import { useQuery } from '@tanstack/react-query';
import { CONTRACT_ENUMS } from '../../core/generated/contract-facts.js';
import { ErrorBox, Loading } from '../components/common.js';
import { useTRPC } from '../trpc.js';

const TYPES = CONTRACT_ENUMS.TransactionType;

/** Counts per UTC day and type as stacked bars; the same figures are in the table below it. */
function DailyChart({ days, rows }: { days: string[]; rows: { day: string; transactionType: string; count: number }[] }) {
  const per = (day: string, type: string) => rows.find((r) => r.day === day && r.transactionType === type)?.count ?? 0;
  const max = Math.max(1, ...days.map((d) => TYPES.reduce((s, t) => s + per(d, t), 0)));
  const w = 18;
  const h = 120;
  return (
    <svg
      role="img"
      aria-label="Transactions per day for the last 30 days, by type"
      viewBox={`0 0 ${days.length * w} ${h}`}
      className="chart"
    >
      {days.map((day, i) => {
        let y = h;
        return (
          <g key={day}>
            {TYPES.map((t) => {
              const bar = (per(day, t) / max) * (h - 10);
              y -= bar;
              return <rect key={t} x={i * w + 2} y={y} width={w - 4} height={bar} className={`bar-${t}`} />;
            })}
          </g>
        );
      })}
    </svg>
  );
}

export function Overview() {
  const trpc = useTRPC();
  const q = useQuery(trpc.overview.get.queryOptions());
  if (q.error) return <ErrorBox error={q.error} />;
  if (!q.data) return <Loading what="the overview" />;
  const o = q.data;
  const days = Array.from({ length: 30 }, (_, i) =>
    new Date(Date.parse(`${o.since}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
  );
  const totals = TYPES.map((t) => ({
    type: t,
    count: o.transactionsPerDay.filter((r) => r.transactionType === t).reduce((s, r) => s + r.count, 0),
  }));
  return (
    <>
      <h1>Overview</h1>
      <section aria-labelledby="accounts-h">
        <h2 id="accounts-h">Accounts by status</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Accounts</th>
            </tr>
          </thead>
          <tbody>
            {o.accountsByStatus.map((r) => (
              <tr key={r.status}>
                <td>{r.status}</td>
                <td>{r.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="tx-h">
        <h2 id="tx-h">Transactions, last 30 days (UTC days, since {o.since})</h2>
        <DailyChart days={days} rows={o.transactionsPerDay} />
        <p className="legend">
          {TYPES.map((t) => (
            <span key={t} className={`key-${t}`}>
              {t}
            </span>
          ))}
        </p>
        <table>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Transactions</th>
            </tr>
          </thead>
          <tbody>
            {totals.map((r) => (
              <tr key={r.type}>
                <td>{r.type}</td>
                <td>{r.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="wh-h">
        <h2 id="wh-h">Webhooks</h2>
        <p>
          Success rate: <strong>{o.webhooks.successRate === null ? '—' : `${(o.webhooks.successRate * 100).toFixed(1)} %`}</strong> ·{' '}
          {o.webhooks.succeeded} succeeded, {o.webhooks.failed} failed, <strong>{o.webhooks.waiting}</strong> waiting
        </p>
      </section>
    </>
  );
}
