import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CONTRACT_ENUMS } from '../../core/generated/contract-facts.js';
import { DailyBars, TYPE_COLORS } from '../components/charts.js';
import { Details, EmptyState, ErrorBox, Loading, Page, Section } from '../components/layout.js';
import { DataTable } from '../components/tables.js';
import { VolumePerDay } from '../components/VolumePerDay.js';
import { StatusBadge } from '../components/values.js';
import { compact, formatCount, formatDay } from '../format.js';
import { valueLabel } from '../labels.js';
import { BASE, Link, navigate, useSearch, withQuery } from '../router.js';
import { type Outputs, useTRPC } from '../trpc.js';

const TYPES = CONTRACT_ENUMS.TransactionType;
const RANGES = [7, 30, 90] as const;
type Range = (typeof RANGES)[number];
type OverviewData = Outputs['overview']['get'];

/** The range's UTC days, oldest first. */
function daysOf(o: OverviewData): string[] {
  return Array.from({ length: o.days }, (_, i) => new Date(Date.parse(`${o.since}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));
}

function RangePicker({ days }: { days: Range }) {
  return (
    <fieldset className="segmented">
      <legend>Range</legend>
      {RANGES.map((r) => (
        <label key={r}>
          <input
            type="radio"
            name="range"
            value={r}
            checked={days === r}
            onChange={() => navigate(withQuery(BASE, { days: r === 30 ? undefined : r }))}
          />
          {r} days
        </label>
      ))}
    </fieldset>
  );
}

/** Transactions per UTC day, stacked by type, with the per-day figures as a table. */
function TransactionsPerDay({ o, days }: { o: OverviewData; days: string[] }) {
  const perDay = o.transactionsPerDay;
  const count = (day: string, type: string) => perDay.find((r) => r.day === day && r.transactionType === type)?.count ?? 0;
  // One series object per data change, so the chart is redrawn only then.
  const series = useMemo(
    () =>
      TYPES.map((t) => ({
        name: valueLabel(t),
        color: TYPE_COLORS[t] ?? '#555',
        values: days.map((d) => perDay.find((r) => r.day === d && r.transactionType === t)?.count ?? 0),
      })),
    [perDay, days],
  );
  const rows = days
    .map((day) => ({ day, counts: TYPES.map((t) => count(day, t)) }))
    .filter((r) => r.counts.some((c) => c > 0))
    .reverse();
  const total = rows.reduce((s, r) => s + r.counts.reduce((a, b) => a + b, 0), 0);
  return (
    <Section id="tx" title={`Transactions per day, last ${o.days} days`}>
      <p className="muted">
        {formatCount(total)} transactions since {formatDay(o.since)} (UTC days).
      </p>
      <DailyBars
        label={`Transactions per day over the last ${o.days} days, by type`}
        days={days}
        series={series}
        format={compact}
        exact={formatCount}
        integer
        total
      />
      {rows.length ? (
        <DataTable
          keepTable
          label="Transactions per day"
          rows={rows}
          rowKey={(r) => r.day}
          columns={[
            { header: 'Day (UTC)', cell: (r) => `${formatDay(r.day)}, ${r.day.slice(0, 4)}`, primary: true },
            ...TYPES.map((t, i) => ({
              header: valueLabel(t),
              cell: (r: (typeof rows)[number]) => formatCount(r.counts[i] ?? 0),
              numeric: true,
            })),
            { header: 'All types', cell: (r) => formatCount(r.counts.reduce((a, b) => a + b, 0)), numeric: true },
          ]}
        />
      ) : (
        <EmptyState title={`No transactions in the last ${o.days} days.`}>
          Transactions created through the API or <Link to={`${BASE}/accounts`}>an account's page</Link> show here.
        </EmptyState>
      )}
    </Section>
  );
}

export function Overview() {
  const trpc = useTRPC();
  const query = useSearch();
  const days: Range = (RANGES as readonly number[]).includes(Number(query.days)) ? (Number(query.days) as Range) : 30;
  const q = useQuery({ ...trpc.overview.get.queryOptions({ days }), placeholderData: (prev) => prev });
  const o = q.data;
  const dayList = useMemo(() => (o ? daysOf(o) : []), [o]);
  return (
    <Page title="Overview" actions={<RangePicker days={days} />}>
      <ErrorBox error={q.error} />
      {!o ? (
        q.isPending ? (
          <Loading what="the overview" />
        ) : null
      ) : (
        <div className="overview" aria-busy={q.isFetching}>
          <div className="stat-row">
            <Section id="accounts" title="Accounts by status">
              {o.accountsByStatus.length ? (
                <DataTable
                  keepTable
                  label="Accounts by status"
                  rows={o.accountsByStatus}
                  rowKey={(r) => r.status}
                  columns={[
                    { header: 'Status', cell: (r) => <StatusBadge status={r.status} />, primary: true },
                    { header: 'Accounts', cell: (r) => formatCount(r.count), numeric: true },
                  ]}
                />
              ) : (
                <EmptyState title="No accounts yet.">Accounts are created through the API (POST /api/v2/accounts).</EmptyState>
              )}
            </Section>
            <Section id="wh" title="Webhooks">
              <Details
                label="Webhook deliveries"
                items={[
                  [
                    'Success rate',
                    o.webhooks.successRate === null ? 'no finished deliveries yet' : `${(o.webhooks.successRate * 100).toFixed(1)} %`,
                  ],
                  ['Succeeded', formatCount(o.webhooks.succeeded)],
                  ['Failed', formatCount(o.webhooks.failed)],
                  ['Waiting', formatCount(o.webhooks.waiting)],
                ]}
              />
              <p>
                <Link to={`${BASE}/webhooks/deliveries`}>Delivery log</Link>
              </p>
            </Section>
          </div>
          <TransactionsPerDay o={o} days={dayList} />
          <VolumePerDay o={o} days={dayList} />
        </div>
      )}
    </Page>
  );
}
