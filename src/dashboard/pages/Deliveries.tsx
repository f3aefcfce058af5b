import { useQuery } from '@tanstack/react-query';
import { CONTRACT_ENUMS } from '../../core/generated/contract-facts.js';
import { FilterForm, SelectFilter, TextFilter } from '../components/filters.js';
import { PagedTable } from '../components/tables.js';
import { formatTime } from '../format.js';
import { BASE, Link, navigate, useSearch, withQuery } from '../router.js';
import { useTRPC } from '../trpc.js';

const PATH = `${BASE}/webhooks/deliveries`;

export function Deliveries() {
  const trpc = useTRPC();
  const query = useSearch();
  const targets = useQuery(trpc.webhookTargets.list.queryOptions({ limit: 100 }));
  const input = {
    page: Number(query.page ?? 1) || 1,
    limit: Number(query.limit ?? 50) || 50,
    ...(query.targetId ? { targetId: query.targetId } : {}),
    // The server refuses values outside the contract's enums; the URL is passed as typed.
    ...(query.status ? { status: query.status as (typeof CONTRACT_ENUMS.DeliveryStatus)[number] } : {}),
    ...(query.type ? { type: query.type as (typeof CONTRACT_ENUMS.EventType)[number] } : {}),
  };
  const q = useQuery({ ...trpc.webhookDeliveries.list.queryOptions(input), placeholderData: (prev) => prev });
  const apply = (f: FormData) =>
    navigate(
      withQuery(PATH, {
        targetId: String(f.get('targetId') ?? ''),
        status: String(f.get('status') ?? ''),
        type: String(f.get('type') ?? '').trim(),
      }),
    );
  return (
    <>
      <h1>Webhook deliveries</h1>
      {/* Re-mounted once the targets arrive, so a bookmarked target shows as selected. */}
      <FilterForm query={{ ...query, targetsLoaded: String(Boolean(targets.data)) }} onApply={apply}>
        <SelectFilter
          label="Target"
          name="targetId"
          value={query.targetId}
          options={targets.data?.data.map((t) => ({ value: t.id, label: t.url })) ?? []}
        />
        <SelectFilter label="Status" name="status" options={CONTRACT_ENUMS.DeliveryStatus} value={query.status} />
        <TextFilter label="Event type" name="type" value={query.type} placeholder="e.g. account_created" />
      </FilterForm>
      <PagedTable
        query={q}
        what="deliveries"
        path={PATH}
        search={query}
        rowKey={(d) => d.id}
        columns={[
          { header: 'Delivery', cell: (d) => <Link to={`${PATH}/${d.id}`}>{d.id.slice(0, 8)}</Link> },
          { header: 'Event type', cell: (d) => d.type },
          { header: 'Status', cell: (d) => d.status },
          { header: 'Attempts', cell: (d) => d.attempts },
          { header: 'Last answer', cell: (d) => d.lastStatusCode ?? d.lastError ?? '—' },
          { header: 'Created (UTC)', cell: (d) => formatTime(d.createdAt, 'utc') },
        ]}
      />
    </>
  );
}
