import { CONTRACT_ENUMS } from '../../core/generated/contract-facts.js';
import { compact, formatAmount, formatCount, formatDay, sumDecimals } from '../format.js';
import { useVolumePerDay } from '../hooks/use-volume-per-day.js';
import { valueLabel } from '../labels.js';
import type { Outputs } from '../trpc.js';
import { DailyBars } from './charts.js';
import { EmptyState, Section } from './layout.js';
import { DataTable } from './tables.js';
import { Amount } from './values.js';

const TYPES = CONTRACT_ENUMS.TransactionType;
type OverviewData = Outputs['overview']['get'];
type Volume = OverviewData['volumePerDay'][number];

/** One currency's volume and fees per transaction type over the range, then per day (folded). */
function VolumeTables({ coin, mine, days }: { coin: string; mine: Volume[]; days: number }) {
  const sum = (rows: Volume[], k: 'amount' | 'fee') => sumDecimals(rows.map((r) => r[k]));
  const byDay = [...new Set(mine.map((r) => r.day))].sort().reverse();
  const totals = TYPES.map((t) => mine.filter((r) => r.transactionType === t)).filter((rows) => rows.length);
  return (
    <>
      <DataTable
        keepTable
        label={`Volume in ${coin} by type, last ${days} days`}
        rows={totals}
        rowKey={(rows) => rows[0]?.transactionType ?? ''}
        columns={[
          { header: 'Type', cell: (rows) => valueLabel(rows[0]?.transactionType), primary: true },
          { header: 'Transactions', cell: (rows) => formatCount(rows.reduce((s, r) => s + r.count, 0)), numeric: true },
          { header: 'Volume', cell: (rows) => <Amount value={sum(rows, 'amount')} currency={coin} />, numeric: true },
          { header: 'Fees', cell: (rows) => <Amount value={sum(rows, 'fee')} currency={coin} />, numeric: true },
        ]}
      />
      <details className="figures">
        <summary>Volume in {coin} per day (table)</summary>
        <DataTable
          keepTable
          label={`Volume in ${coin} per day`}
          rows={byDay}
          rowKey={(d) => d}
          columns={[
            { header: 'Day (UTC)', cell: (d) => `${formatDay(d)}, ${d.slice(0, 4)}`, primary: true },
            ...TYPES.map((t) => ({
              header: valueLabel(t),
              cell: (d: string) => {
                const r = mine.find((x) => x.day === d && x.transactionType === t);
                return r ? formatAmount(r.amount, coin) : '—';
              },
              numeric: true,
            })),
          ]}
        />
      </details>
    </>
  );
}

/** Volume per day in one currency at a time (amounts of different currencies are never added). */
export function VolumePerDay({ o, days }: { o: OverviewData; days: string[] }) {
  const { coins, coin, setPicked, exact, mine, series } = useVolumePerDay(o, days);
  if (!coin) {
    return (
      <Section id="volume" title={`Volume per day, last ${o.days} days`}>
        <EmptyState title={`No volume in the last ${o.days} days.`} />
      </Section>
    );
  }
  return (
    <Section
      id="volume"
      title={`Volume per day in ${coin}, last ${o.days} days`}
      actions={
        <div className="field inline">
          <label htmlFor="volume-coin">Currency</label>
          <select id="volume-coin" value={coin} onChange={(e) => setPicked(e.target.value)}>
            {coins.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
      }
    >
      <p className="muted">
        Amounts in {coin} only: a bank or crypto transaction's amount in its currency, a trade's quantity in its base currency; a trade's
        fee counts in its quote currency.
      </p>
      <DailyBars
        label={`Volume in ${coin} per day over the last ${o.days} days, by type`}
        days={days}
        series={series}
        format={compact}
        exact={exact}
        total
      />
      <VolumeTables coin={coin} mine={mine} days={o.days} />
    </Section>
  );
}
