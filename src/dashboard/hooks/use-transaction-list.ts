import { useQuery } from '@tanstack/react-query';
import { useListSearch } from '../components/filters.js';
import type { Zone } from '../format.js';
import { type Inputs, useTRPC } from '../trpc.js';
import { useZone } from '../zone.js';

type Filter = keyof Extract<Inputs['transactions']['list'], object> & string;

/** The transactions page's data: the URL's filters, the zone its dates are shown in, and the page of transactions. */
export function useTransactionList(filters: readonly Filter[]) {
  const trpc = useTRPC();
  const { query, input, filtered } = useListSearch<Inputs['transactions']['list']>(filters);
  // A link's own zone (a bookmarked view) first, else the dashboard's.
  const preferred = useZone();
  const zone: Zone = query.tz === 'local' ? 'local' : query.tz === 'utc' ? 'utc' : preferred;
  const q = useQuery({ ...trpc.transactions.list.queryOptions(input), placeholderData: (prev) => prev });
  return { query, filtered, zone, q };
}
