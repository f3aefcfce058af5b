import { type ReactNode, useState } from 'react';
import { zoneLabel } from '../format.js';
import { fieldLabel } from '../labels.js';
import { BASE, Link } from '../router.js';
import type { Outputs } from '../trpc.js';
import { useZone } from '../zone.js';
import type { Column } from './tables.js';
import { DateTime, Id, shortId } from './values.js';

export type AuditRecord = Outputs['auditLog']['list']['data'][number];

/** The audit log page. */
export const AUDIT_PATH = `${BASE}/audit-log`;

/** Who acted, in words: the API key by name (its id shortened), the person and role, or what the system was. */
export function AuditActor({ actor }: { actor: AuditRecord['actor'] }) {
  if (actor.kind === 'admin') {
    return (
      <span className="actor">
        {actor.name ?? 'a person'} ({actor.role})
      </span>
    );
  }
  if (actor.kind === 'system') {
    // What the system was, when it says more than "system": the CLI, a holder's verification link.
    const what = actor.name && actor.name !== 'system' ? ` (${actor.name})` : '';
    return <span className="actor">the system{what}</span>;
  }
  return (
    <span className="actor">
      API key “{actor.name ?? 'unnamed'}” {actor.id ? <code title={actor.id}>{shortId(actor.id)}</code> : null}
    </span>
  );
}

/** The dashboard page an object of the audit log lives on, if it has one. */
function objectPage(o: AuditRecord['object']): string | null {
  if (o.type === 'transaction') return `${BASE}/transactions/${o.id}`;
  if (o.type === 'account' || o.type === 'kyc_verification') return `${BASE}/accounts/${o.id}`;
  if (o.type === 'webhook_target') return `${BASE}/webhooks/deliveries?targetId=${o.id}`;
  if (o.type === 'webhook_delivery') return `${BASE}/webhooks/deliveries/${o.id}`;
  return null;
}

/** The object: its type in words and its id (a link to its page when it has one). */
export function AuditObject({ object }: { object: AuditRecord['object'] }) {
  const page = objectPage(object);
  return (
    <span className="audit-object">
      {fieldLabel(object.type)}{' '}
      <Id
        value={object.id}
        label={`${fieldLabel(object.type).toLowerCase()} id`}
        link={page ? (t) => <Link to={page}>{t}</Link> : undefined}
      />
    </span>
  );
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A recorded value: a time in the dashboard's zone, text as is, nothing as a dash, anything else as JSON. */
function Value({ value }: { value: unknown }) {
  if (value === undefined || value === null || value === '') return <span className="muted">—</span>;
  if (typeof value === 'string' && ISO_TIME.test(value)) return <DateTime iso={value} />;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return <code className="wrap-anywhere">{text}</code>;
}

/** One field: "before → after"; a value set where there was none, or one kept for context ("was"). */
function Change({ change }: { change: { before?: unknown; after?: unknown } }) {
  if (!('before' in change))
    return (
      <>
        set to <Value value={change.after} />
      </>
    );
  if (!('after' in change))
    return (
      <>
        was <Value value={change.before} />
      </>
    );
  return (
    <>
      <Value value={change.before} /> → <Value value={change.after} />
    </>
  );
}

/**
 * A record, opened on demand: each changed field before and after, then the request it came from.
 * The body is drawn only while open (a closed `<details>` still lays out its text in chromium).
 */
export function AuditChanges({ record }: { record: AuditRecord }) {
  const [open, setOpen] = useState(false);
  const fields = Object.entries(record.changes ?? {});
  const summary = fields.length ? `${fields.length} ${fields.length === 1 ? 'field' : 'fields'} changed` : 'No change (a read)';
  return (
    <details className="audit-changes" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{summary}</summary>
      {open ? (
        <>
          {fields.length ? (
            <ul>
              {fields.map(([name, c]) => (
                <li key={name}>
                  <strong>{fieldLabel(name)}</strong>: <Change change={c} />
                </li>
              ))}
            </ul>
          ) : null}
          <p className="muted wrap-anywhere">
            Record {record.seq} · request {record.requestId ?? 'none (CLI or worker)'} · from {record.clientAddress ?? 'no address'}
          </p>
        </>
      ) : null}
    </details>
  );
}

/** An action (`webhook_target.enabled`) that may wrap after its dots and underscores, never inside a word. */
export function AuditAction({ action }: { action: string }) {
  const parts = action.split(/(?<=[._])/);
  return (
    <code>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
        <span key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </span>
      ))}
    </code>
  );
}

/** The audit log's columns; `object: false` leaves the object out (an object's own history). */
export function useAuditColumns(opts: { object?: boolean; actor?: (r: AuditRecord) => ReactNode } = {}): Column<AuditRecord>[] {
  const zone = useZone();
  return [
    { header: `When (${zoneLabel(zone)})`, primary: true, cell: (r) => <DateTime iso={r.occurredAt} zone={zone} /> },
    { header: 'Action', cell: (r) => <AuditAction action={r.action} /> },
    { header: 'By', cell: (r) => opts.actor?.(r) ?? <AuditActor actor={r.actor} /> },
    ...(opts.object === false ? [] : [{ header: 'Object', cell: (r: AuditRecord) => <AuditObject object={r.object} /> }]),
    { header: 'Changes', cell: (r) => <AuditChanges record={r} /> },
  ];
}
