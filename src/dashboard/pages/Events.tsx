import { useQuery } from '@tanstack/react-query';
import { CONTRACT_ENUMS } from '../../core/generated/contract-facts.js';
import { FilterForm, SelectFilter, TextFilter } from '../components/filters.js';
import { Page } from '../components/layout.js';
import { PagedTable } from '../components/tables.js';
import { DateTime, Id } from '../components/values.js';
import { fromRfc3339, toRfc3339 } from '../format.js';
import { BASE, Link, navigate, useSearch, withQuery } from '../router.js';
import { type Inputs, useTRPC } from '../trpc.js';

export const EVENTS_PATH = `${BASE}/events`;
/** GET /api/v2/events's filters, under the same names in the URL. */
const FILTERS = ['type', 'accountId', 'startDate', 'endDate'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function check(values: FormData): Record<string, string> {
  const problems: Record<string, string> = {};
  const accountId = String(values.get('accountId') ?? '').trim();
  if (accountId && !UUID.test(accountId)) problems.accountId = 'Enter a whole account id (36 characters; the copy button gives it)';
  const from = String(values.get('startDate') ?? '');
  const to = String(values.get('endDate') ?? '');
  if (from && to && from >= to) problems.endDate = 'Choose a time after "From"';
  return problems;
}

/** Every event the workspace emitted (what its webhooks carried), newest first, with the API's filters. */
export function Events() {
  const trpc = useTRPC();
  const query = useSearch();
  const input: Inputs['events']['list'] = { page: Number(query.page ?? 1) || 1, limit: Number(query.limit ?? 50) || 50 };
  // The URL's values are sent as they are: the server validates them and says what is wrong.
  for (const f of FILTERS) if (query[f]) Object.assign(input, { [f]: query[f] });
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
  const filtered = FILTERS.some((f) => query[f]);
  return (
    <Page title="Events" actions={<Link to={`${BASE}/webhooks/deliveries`}>Deliveries</Link>}>
      <FilterForm
        query={query}
        onApply={apply}
        check={check}
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
