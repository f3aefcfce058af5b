import { useQuery } from '@tanstack/react-query';
import { CONTRACT_ENUMS } from '../../core/generated/contract-facts.js';
import { checkAccountAndDates, FilterForm, SelectFilter, TextFilter, useListSearch } from '../components/filters.js';
import { Page } from '../components/layout.js';
import { PagedTable } from '../components/tables.js';
import { DateTime, Id } from '../components/values.js';
import { fromRfc3339, toRfc3339 } from '../format.js';
import { BASE, Link, navigate, withQuery } from '../router.js';
import { type Inputs, useTRPC } from '../trpc.js';

export const EVENTS_PATH = `${BASE}/events`;
/** GET /api/v2/events's filters, under the same names in the URL. */
const FILTERS = ['type', 'accountId', 'startDate', 'endDate'] as const;
/** Every event the workspace emitted (what its webhooks carried), newest first, with the API's filters. */
export function Events() {
  const trpc = useTRPC();
  const { query, input, filtered } = useListSearch<Inputs['events']['list']>(FILTERS);
  const q = useQuery({ ...trpc.events.list.queryOptions(input), placeholderData: (prev) => prev });
  const apply = (f: FormData) =>
    navigate(
      withQuery(EVENTS_PATH, {
        type: String(f.get('type') ?? ''),
        accountId: String(f.get('accountId') ?? '').trim(),
        startDate: toRfc3339(String(f.get('startDate') ?? ''), 'utc'),
        endDate: toRfc3339(String(f.get('endDate') ?? ''), 'utc'),
      }),
    );
  return (
    <Page title="Events" actions={<Link to={`${BASE}/webhooks/deliveries`}>Deliveries</Link>}>
      <FilterForm
        query={query}
        onApply={apply}
        check={checkAccountAndDates}
        label="Event filters"
        extra={filtered ? <Link to={EVENTS_PATH}>Clear filters</Link> : null}
      >
        <SelectFilter label="Event type" name="type" options={CONTRACT_ENUMS.EventType} value={query.type} />
        <TextFilter label="Account id" name="accountId" value={query.accountId} spellCheck={false} className="mono" />
        <TextFilter label="From (UTC)" name="startDate" type="datetime-local" step={1} value={fromRfc3339(query.startDate, 'utc')} />
        <TextFilter label="To (UTC)" name="endDate" type="datetime-local" step={1} value={fromRfc3339(query.endDate, 'utc')} />
      </FilterForm>
      <PagedTable
        query={q}
        label="events"
        path={EVENTS_PATH}
        search={query}
        rowKey={(e) => e.id}
        empty={
          filtered
            ? { title: 'No event matches these filters.', hint: 'Widen the dates or clear a filter.' }
            : { title: 'No events yet.', hint: `Every change the API makes emits one; events are kept for the retention period.` }
        }
        columns={[
          {
            header: 'Event',
            primary: true,
            cell: (e) => <Id value={e.id} label="event id" link={(text) => <Link to={`${EVENTS_PATH}/${e.id}`}>{text}</Link>} />,
          },
          { header: 'Type', cell: (e) => <code>{e.type}</code> },
          {
            header: 'Account',
            cell: (e) =>
              e.accountId ? (
                <Id value={e.accountId} label="account id" link={(t) => <Link to={`${BASE}/accounts/${e.accountId}`}>{t}</Link>} />
              ) : (
                '—'
              ),
          },
          { header: 'Occurred', cell: (e) => <DateTime iso={e.timestamp} /> },
        ]}
      />
    </Page>
  );
}
