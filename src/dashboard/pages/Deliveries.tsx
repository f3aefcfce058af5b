import { useQuery } from '@tanstack/react-query';
import { DELIVERY_FILTERS, DeliveryFilters } from '../components/DeliveryFilters.js';
import { useListSearch } from '../components/filters.js';
import { Page } from '../components/layout.js';
import { PagedTable } from '../components/tables.js';
import { DateTime, Id, StatusBadge } from '../components/values.js';
import { BASE, Link } from '../router.js';
import { type Inputs, useTRPC } from '../trpc.js';

const PATH = `${BASE}/webhooks/deliveries`;

export function Deliveries() {
  const trpc = useTRPC();
  const { query, input, filtered } = useListSearch<Inputs['webhookDeliveries']['list']>(DELIVERY_FILTERS);
  const targets = useQuery(trpc.webhookTargets.list.queryOptions({ limit: 100 }));
  const q = useQuery({ ...trpc.webhookDeliveries.list.queryOptions(input), placeholderData: (prev) => prev });
  return (
    <Page
      title="Webhook deliveries"
      actions={
        <>
          <Link to={`${BASE}/events`}>Events</Link> <Link to={`${BASE}/webhooks`}>Targets</Link>
        </>
      }
    >
      <DeliveryFilters query={query} targets={targets.data?.data} filtered={filtered} />
      <PagedTable
        query={q}
        label="deliveries"
        path={PATH}
        search={query}
        rowKey={(d) => d.id}
        empty={
          filtered
            ? { title: 'No delivery matches these filters.' }
            : { title: 'No deliveries yet.', hint: 'Each event is delivered to every active target; add a target on the Webhooks page.' }
        }
        columns={[
          {
            header: 'Delivery',
            primary: true,
            cell: (d) => <Id value={d.id} label="delivery id" link={(text) => <Link to={`${PATH}/${d.id}`}>{text}</Link>} />,
          },
          {
            header: 'Event',
            cell: (d) =>
              d.eventId ? (
                <Link to={`${BASE}/events/${d.eventId}`}>
                  <code>{d.type}</code>
                </Link>
              ) : (
                <>
                  <code>{d.type}</code>
                  <span className="status-note"> (test send)</span>
                </>
              ),
          },
          { header: 'Status', cell: (d) => <StatusBadge status={d.status} /> },
          { header: 'Attempts', cell: (d) => d.attempts, numeric: true },
          { header: 'Last answer', cell: (d) => (d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : (d.lastError ?? '—')) },
          { header: 'Created', cell: (d) => <DateTime iso={d.createdAt} /> },
        ]}
      />
    </Page>
  );
}
