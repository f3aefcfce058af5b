import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Details, ErrorBox, Loading, Page, Section } from '../components/layout.js';
import { DataTable } from '../components/tables.js';
import { DateTime, Id, StatusBadge, shortId } from '../components/values.js';
import { formatCount } from '../format.js';
import { BASE, Link } from '../router.js';
import { useCanWrite } from '../session.js';
import { type Outputs, useTRPC } from '../trpc.js';

type Attempt = Outputs['webhookDeliveries']['get']['attempts'][number];

export function Delivery({ deliveryId }: { deliveryId: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const canWrite = useCanWrite();
  const q = useQuery(trpc.webhookDeliveries.get.queryOptions({ deliveryId }));
  const redeliver = useMutation(trpc.webhookDeliveries.redeliver.mutationOptions({ onSuccess: () => qc.invalidateQueries() }));
  if (!q.data) {
    return (
      <Page title={`Delivery ${shortId(deliveryId)}`}>{q.error ? <ErrorBox error={q.error} back /> : <Loading what="the delivery" />}</Page>
    );
  }
  const { delivery: d, payload, attempts } = q.data;
  return (
    <Page
      title={`Delivery ${shortId(d.id)}`}
      heading={
        <>
          Delivery of <code>{d.type}</code>
        </>
      }
      badges={<StatusBadge status={d.status} />}
      actions={
        canWrite ? (
          <button type="button" onClick={() => redeliver.mutate({ deliveryId })} disabled={redeliver.isPending}>
            Redeliver
          </button>
        ) : null
      }
    >
      {redeliver.data ? (
        <output className="notice">
          Queued again: the same webhook id ({shortId(redeliver.data.id)}) and body, so a receiver that deduplicates processes it once.
        </output>
      ) : null}
      <ErrorBox error={redeliver.error} />
      <Section id="d" title="Delivery">
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
      </Section>
      <Section id="a" title="Attempts">
        {attempts.length ? (
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
        ) : (
          <p className="muted">No attempt yet.</p>
        )}
      </Section>
      <Section id="p" title="Payload">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
        <pre className="payload" tabIndex={0}>
          {JSON.stringify(payload, null, 2)}
        </pre>
      </Section>
    </Page>
  );
}
