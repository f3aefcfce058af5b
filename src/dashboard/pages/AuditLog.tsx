import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { AUDIT_PATH, AuditActor, type AuditRecord, useAuditColumns } from '../components/AuditRecords.js';
import { ExportLink } from '../components/ExportLink.js';
import { FilterForm, TextFilter, useListSearch } from '../components/filters.js';
import { EmptyState, Page } from '../components/layout.js';
import { PagedTable } from '../components/tables.js';
import { fromRfc3339, toRfc3339, type Zone, zoneLabel } from '../format.js';
import { BASE, Link, navigate, withQuery } from '../router.js';
import { SessionContext } from '../session.js';
import { type Inputs, useTRPC } from '../trpc.js';
import { useZone } from '../zone.js';

/** GET /api/v2/audit-log's filters, under the same names in the URL and the exports. */
const FILTERS = ['actorId', 'action', 'objectType', 'objectId', 'startDate', 'endDate'] as const;
const TEXT = ['actorId', 'action', 'objectType', 'objectId'] as const;

/** The list's state from the URL, its query (not sent for an analyst, whom the server refuses anyway). */
function useAuditLog(enabled: boolean) {
  const trpc = useTRPC();
  const zone = useZone();
  const search = useListSearch<Inputs['auditLog']['list']>(FILTERS);
  const q = useQuery({ ...trpc.auditLog.list.queryOptions(search.input, { enabled }), placeholderData: (prev) => prev });
  const apply = (f: FormData) => {
    const values: Record<string, string> = {};
    for (const name of TEXT) values[name] = String(f.get(name) ?? '').trim();
    values.startDate = toRfc3339(String(f.get('startDate') ?? ''), zone);
    values.endDate = toRfc3339(String(f.get('endDate') ?? ''), zone);
    navigate(withQuery(AUDIT_PATH, values));
  };
  return { ...search, q, zone, apply };
}

function check(values: FormData): Record<string, string> {
  const from = String(values.get('startDate') ?? '');
  const to = String(values.get('endDate') ?? '');
  return from && to && from >= to ? { endDate: 'Choose a time after "From"' } : {};
}

/** The filters of GET /api/v2/audit-log; dates in the dashboard's time zone, named. */
function AuditFilters(props: { query: Record<string, string>; filtered: boolean; zone: Zone; onApply: (f: FormData) => void }) {
  const { query, zone } = props;
  return (
    <FilterForm
      query={query}
      onApply={props.onApply}
      check={check}
      label="Audit log filters"
      extra={props.filtered ? <Link to={AUDIT_PATH}>Clear filters</Link> : null}
    >
      <TextFilter label="Actor id" name="actorId" value={query.actorId} spellCheck={false} className="mono" maxLength={100} />
      <TextFilter label="Action" name="action" value={query.action} spellCheck={false} placeholder="e.g. api_key.revoked" maxLength={100} />
      <TextFilter
        label="Object type"
        name="objectType"
        value={query.objectType}
        spellCheck={false}
        placeholder="e.g. transaction"
        maxLength={100}
      />
      <TextFilter label="Object id" name="objectId" value={query.objectId} spellCheck={false} className="mono" maxLength={100} />
      <TextFilter
        label={`From (${zoneLabel(zone)})`}
        name="startDate"
        type="datetime-local"
        step={1}
        value={fromRfc3339(query.startDate, zone)}
      />
      <TextFilter
        label={`To (${zoneLabel(zone)})`}
        name="endDate"
        type="datetime-local"
        step={1}
        value={fromRfc3339(query.endDate, zone)}
      />
    </FilterForm>
  );
}

/** Who did what in the workspace, newest first, with the API's filters; admins only. */
export function AuditLog() {
  const admin = useContext(SessionContext).role === 'admin';
  const { query, filtered, q, zone, apply } = useAuditLog(admin);
  // The actor's name filters the list to what they did.
  const byActor = (r: AuditRecord) =>
    r.actor.id ? (
      <Link to={withQuery(AUDIT_PATH, { ...query, actorId: r.actor.id, page: undefined })} title="Only what this actor did">
        <AuditActor actor={r.actor} />
      </Link>
    ) : (
      <AuditActor actor={r.actor} />
    );
  const columns = useAuditColumns({ actor: byActor });
  if (!admin) return <Refused />;
  const exports = (
    <span className="button-row">
      <ExportLink file="audit-log.csv" query={query} filters={FILTERS} label="Export CSV" />
      <ExportLink file="audit-log.ndjson" query={query} filters={FILTERS} label="Export NDJSON" />
    </span>
  );
  return (
    <Page title="Audit log" actions={exports}>
      <AuditFilters query={query} filtered={filtered} zone={zone} onApply={apply} />
      <PagedTable
        query={q}
        label="audit records"
        path={AUDIT_PATH}
        search={query}
        rowKey={(r) => r.seq}
        columns={columns}
        empty={
          filtered
            ? { title: 'No record matches these filters.', hint: 'Widen the dates or clear a filter.' }
            : {
                title: 'No records yet.',
                hint: 'Every change made through the API, the dashboard or the CLI, and every read of sensitive data, is recorded here.',
              }
        }
      />
    </Page>
  );
}

function Refused() {
  return (
    <Page title="Audit log">
      <EmptyState title="The audit log is for admins.">
        You are signed in as an analyst: ask an admin of the workspace for what you need. <Link to={BASE}>Back to the overview</Link>
      </EmptyState>
    </Page>
  );
}
