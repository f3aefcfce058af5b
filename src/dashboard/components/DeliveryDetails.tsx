import { formatCount } from '../format.js';
import { BASE, Link } from '../router.js';
import type { Outputs } from '../trpc.js';
import { Details } from './layout.js';
import { DataTable } from './tables.js';
import { DateTime, Id, StatusBadge, shortId } from './values.js';

type DeliveryRecord = Outputs['webhookDeliveries']['get']['delivery'];
type Attempt = Outputs['webhookDeliveries']['get']['attempts'][number];

/** A delivery's facts: its event, target, status, attempts so far and when it is tried next. */
export function DeliveryDetails({ d }: { d: DeliveryRecord }) {
  return (
    <Details
      label="Delivery"
      items={[
        ['Delivery id', <Id key="id" value={d.id} label="delivery id" />],
        ['Event type', <code key="t">{d.type}</code>],
        ['Status', <StatusBadge key="s" status={d.status} />],
        ['Target', <Link key="tg" to={`${BASE}/webhooks/deliveries?targetId=${d.targetId}`}>{`target ${shortId(d.targetId)}`}</Link>],
        [
          'Event',
          d.eventId ? (
            <Id key="e" value={d.eventId} label="event id" link={(text) => <Link to={`${BASE}/events/${d.eventId}`}>{text}</Link>} />
          ) : (
            'none: a test send of the contract’s example'
          ),
        ],
        ['Attempts', formatCount(d.attempts)],
        ['Last answer', d.lastStatusCode ? `HTTP ${d.lastStatusCode}` : d.lastError],
        ['Created', <DateTime key="c" iso={d.createdAt} />],
        d.nextAttemptAt
          ? ['Next attempt', <DateTime key="n" iso={d.nextAttemptAt} />]
          : d.status === 'pending'
            ? ['Next attempt', 'parked: sent once its target is active and its endpoint answers again']
            : null,
        ['Finished', d.completedAt ? <DateTime key="f" iso={d.completedAt} /> : 'not yet'],
      ]}
    />
  );
}

/** Every attempt of a delivery: when, the receiver's answer, latency and an excerpt of its body. */
export function DeliveryAttempts({ attempts }: { attempts: Attempt[] }) {
  if (!attempts.length) return <p className="muted">No attempt yet.</p>;
  return (
    <DataTable<Attempt>
      label="Attempts"
      rows={attempts}
      rowKey={(a) => `${a.retryCount}-${a.startedAt}`}
      columns={[
        { header: 'Attempt', cell: (a) => (a.retryCount ? `Retry ${a.retryCount}` : 'First attempt'), primary: true },
        { header: 'Started', cell: (a) => <DateTime iso={a.startedAt} /> },
        { header: 'Answer', cell: (a) => (a.statusCode ? `HTTP ${a.statusCode}` : '—') },
        { header: 'Latency', cell: (a) => `${formatCount(a.durationMs)} ms`, numeric: true },
        { header: 'Error', cell: (a) => a.error ?? '—' },
        {
          header: 'Body (excerpt)',
          cell: (a) => <code className="wrap-anywhere">{(a.responseBody ?? '').slice(0, 200) || '—'}</code>,
        },
      ]}
    />
  );
}
