import { CONTRACT_ENUMS } from '../../core/generated/contract-facts.js';
import { valueLabel } from '../labels.js';
import { BASE, Link, navigate, withQuery } from '../router.js';
import { FilterForm, SelectFilter } from './filters.js';

const PATH = `${BASE}/webhooks/deliveries`;
/** GET /api/v2/webhook-deliveries's filters, under the same names in the URL. */
export const DELIVERY_FILTERS = ['targetId', 'status', 'type'] as const;

/** The delivery log's filters (target, status, event type), applied through the URL. */
export function DeliveryFilters(props: {
  query: Record<string, string>;
  targets: { id: string; url: string }[] | undefined;
  filtered: boolean;
}) {
  const { query, targets, filtered } = props;
  const apply = (f: FormData) =>
    navigate(
      withQuery(PATH, {
        targetId: String(f.get('targetId') ?? ''),
        status: String(f.get('status') ?? ''),
        type: String(f.get('type') ?? ''),
      }),
    );
  return (
    <>
      {/* Re-mounted once the targets arrive, so a bookmarked target shows as selected. */}
      <FilterForm
        query={{ ...query, targetsLoaded: String(Boolean(targets)) }}
        onApply={apply}
        label="Delivery filters"
        extra={filtered ? <Link to={PATH}>Clear filters</Link> : null}
      >
        <SelectFilter
          label="Target"
          name="targetId"
          value={query.targetId}
          options={targets?.map((t) => ({ value: t.id, label: t.url })) ?? []}
        />
        <SelectFilter
          label="Status"
          name="status"
          options={CONTRACT_ENUMS.DeliveryStatus.map((s) => ({ value: s, label: valueLabel(s) }))}
          value={query.status}
        />
        <SelectFilter label="Event type" name="type" options={CONTRACT_ENUMS.EventType} value={query.type} />
      </FilterForm>
    </>
  );
}
