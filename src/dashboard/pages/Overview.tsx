import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CONTRACT_ENUMS } from '../../core/generated/contract-facts.js';
import { ErrorBox, Loading } from '../components/common.js';
import { DataTable } from '../components/tables.js';
import { useTRPC } from '../trpc.js';

const TYPES = CONTRACT_ENUMS.TransactionType;

/** Stacked bars per UTC day and type; the figures are also in the tables next to it. */
function DailyChart(props: { label: string; days: string[]; value: (day: string, type: string) => number }) {
  const max = Math.max(1, ...props.days.map((d) => TYPES.reduce((s, t) => s + props.value(d, t), 0)));
  const w = 18;
  const h = 120;
  return (
    <svg role="img" aria-label={props.label} viewBox={`0 0 ${props.days.length * w} ${h}`} className="chart">
      {props.days.map((day, i) => {
        let y = h;
        return (
          <g key={day}>
            {TYPES.map((t) => {
              const bar = (props.value(day, t) / max) * (h - 10);
              y -= bar;
              return <rect key={t} x={i * w + 2} y={y} width={w - 4} height={bar} className={`bar-${t}`} />;
            })}
          </g>
        );
      })}
    </svg>
  );
}

function Legend() {
  return (
    <p className="legend">
      {TYPES.map((t) => (
        <span key={t} className={`key-${t}`}>
          {t}
        </span>
      ))}
    </p>
  );
}

type Volume = { day: string; transactionType: string; coin: string; count: number; amount: string };

/** Volume per day for one coin at a time: amounts of different coins cannot be added up. */
function VolumeChart({ days, rows }: { days: string[]; rows: Volume[] }) {
  const coins = [...new Set(rows.map((r) => r.coin))].sort();
  const [picked, setPicked] = useState<string>();
  const coin = picked && coins.includes(picked) ? picked : coins[0];
  const totals = coins.flatMap((c) =>
    TYPES.map((t) => {
      const mine = rows.filter((r) => r.coin === c && r.transactionType === t);
      // Decimal strings summed for display only; the server keeps exact sums per day.
      return { coin: c, type: t, count: mine.reduce((s, r) => s + r.count, 0), amount: mine.reduce((s, r) => s + Number(r.amount), 0) };
    }).filter((r) => r.count > 0),
  );
  if (!coin) return <p>No transactions in the last 30 days.</p>;
  const value = (day: string, type: string) =>
    Number(rows.find((r) => r.day === day && r.transactionType === type && r.coin === coin)?.amount ?? 0);
  return (
    <>
      <label>
        Coin{' '}
        <select value={coin} onChange={(e) => setPicked(e.target.value)}>
          {coins.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      <DailyChart label={`Volume in ${coin} per day for the last 30 days, by type`} days={days} value={value} />
      <Legend />
      <DataTable
        label="Volume per coin and type, last 30 days"
        rows={totals}
        rowKey={(r) => `${r.coin}-${r.type}`}
        columns={[
          { header: 'Coin', cell: (r) => r.coin },
          { header: 'Type', cell: (r) => r.type },
          { header: 'Transactions', cell: (r) => r.count },
          { header: 'Volume', cell: (r) => `${r.amount.toLocaleString('en', { maximumFractionDigits: 8 })} ${r.coin}` },
        ]}
      />
    </>
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
  const count = (day: string, type: string) => o.transactionsPerDay.find((r) => r.day === day && r.transactionType === type)?.count ?? 0;
  const totals = TYPES.map((t) => ({ type: t, count: days.reduce((s, d) => s + count(d, t), 0) }));
  return (
    <>
      <h1>Overview</h1>
      <section aria-labelledby="accounts-h">
        <h2 id="accounts-h">Accounts by status</h2>
        <DataTable
          rows={o.accountsByStatus}
          rowKey={(r) => r.status}
          columns={[
            { header: 'Status', cell: (r) => r.status },
            { header: 'Accounts', cell: (r) => r.count },
          ]}
        />
      </section>
      <section aria-labelledby="tx-h">
        <h2 id="tx-h">Transactions, last 30 days (UTC days, since {o.since})</h2>
        <DailyChart label="Transactions per day for the last 30 days, by type" days={days} value={count} />
        <Legend />
        <DataTable
          rows={totals}
          rowKey={(r) => r.type}
          columns={[
            { header: 'Type', cell: (r) => r.type },
            { header: 'Transactions', cell: (r) => r.count },
          ]}
        />
      </section>
      <section aria-labelledby="volume-h">
        <h2 id="volume-h">Volume, last 30 days</h2>
        <p className="muted">Amounts in each coin (a trade counts its quantity in its base currency).</p>
        <VolumeChart days={days} rows={o.volumePerDay} />
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
