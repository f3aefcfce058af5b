import { useQuery } from '@tanstack/react-query';
import { CONTRACT_ENUMS } from '../../core/generated/contract-facts.js';
import { FilterForm, SelectFilter, useListSearch } from '../components/filters.js';
import { Page } from '../components/layout.js';
import { PagedTable } from '../components/tables.js';
import { DateTime, Id, StatusBadge } from '../components/values.js';
import { valueLabel } from '../labels.js';
import { BASE, Link, navigate, withQuery } from '../router.js';
import { type Inputs, useTRPC } from '../trpc.js';

const PATH = `${BASE}/webhooks/deliveries`;
/** GET /api/v2/webhook-deliveries's filters, under the same names in the URL. */
const FILTERS = ['targetId', 'status', 'type'] as const;

export function Deliveries() {
  const trpc = useTRPC();
  const { query, input, filtered } = useListSearch<Inputs['webhookDeliveries']['list']>(FILTERS);
  const targets = useQuery(trpc.webhookTargets.list.queryOptions({ limit: 100 }));
  const q = useQuery({ ...trpc.webhookDeliveries.list.queryOptions(input), placeholderData: (prev) => prev });
  const apply = (f: FormData) =>
    navigate(
      withQuery(PATH, {
        targetId: String(f.get('targetId') ?? ''),
        status: String(f.get('status') ?? ''),
        type: String(f.get('type') ?? ''),
      }),
    );
  return (
    <Page
      title="Webhook deliveries"
      actions={
        <>
          <Link to={`${BASE}/events`}>Events</Link> <Link to={`${BASE}/webhooks`}>Targets</Link>
        </>
      }
    >
      {/* Re-mounted once the targets arrive, so a bookmarked target shows as selected. */}
      <FilterForm
        query={{ ...query, targetsLoaded: String(Boolean(targets.data)) }}
        onApply={apply}
        label="Delivery filters"
        extra={filtered ? <Link to={PATH}>Clear filters</Link> : null}
      >
        <SelectFilter
          label="Target"
          name="targetId"
          value={query.targetId}
          options={targets.data?.data.map((t) => ({ value: t.id, label: t.url })) ?? []}
        />
        <SelectFilter
          label="Status"
          name="status"
          options={CONTRACT_ENUMS.DeliveryStatus.map((s) => ({ value: s, label: valueLabel(s) }))}
          value={query.status}
        />
        <SelectFilter label="Event type" name="type" options={CONTRACT_ENUMS.EventType} value={query.type} />
      </FilterForm>
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
