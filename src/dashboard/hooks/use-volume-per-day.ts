import { useCallback, useMemo, useState } from 'react';
import { CONTRACT_ENUMS } from '../../core/generated/contract-facts.js';
import { TYPE_COLORS } from '../components/charts.js';
import { formatAmount } from '../format.js';
import { valueLabel } from '../labels.js';
import type { Outputs } from '../trpc.js';

const TYPES = CONTRACT_ENUMS.TransactionType;
type OverviewData = Outputs['overview']['get'];

/**
 * The Overview's volume in one currency at a time: the currencies that moved, the one picked
 * (the first by default), its rows and the chart's series per transaction type.
 */
export function useVolumePerDay(o: OverviewData, days: string[]) {
  const coins = [...new Set(o.volumePerDay.filter((r) => Number(r.amount) !== 0 || Number(r.fee) !== 0).map((r) => r.coin))].sort();
  const [picked, setPicked] = useState<string>();
  const coin = picked && coins.includes(picked) ? picked : coins[0];
  const volume = o.volumePerDay;
  // The tooltip shows the coin's own decimals (the chart itself draws floating-point heights).
  const exact = useCallback((v: number) => `${formatAmount(v.toFixed(12), coin ?? '')} ${coin ?? ''}`, [coin]);
  const mine = volume.filter((r) => r.coin === coin);
  const series = useMemo(
    () =>
      TYPES.map((t) => ({
        name: valueLabel(t),
        color: TYPE_COLORS[t] ?? '#555',
        values: days.map((d) => Number(volume.find((r) => r.coin === coin && r.day === d && r.transactionType === t)?.amount ?? 0)),
      })),
    [volume, days, coin],
  );
  return { coins, coin, setPicked, exact, mine, series };
}
