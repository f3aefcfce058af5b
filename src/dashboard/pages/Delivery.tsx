import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorBox, Fields, Loading } from '../components/common.js';
import { formatTime } from '../format.js';
import { BASE, Link } from '../router.js';
import { useCanWrite } from '../session.js';
import { useTRPC } from '../trpc.js';

export function Delivery({ deliveryId }: { deliveryId: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const canWrite = useCanWrite();
  const q = useQuery(trpc.webhookDeliveries.get.queryOptions({ deliveryId }));
  const redeliver = useMutation(trpc.webhookDeliveries.redeliver.mutationOptions({ onSuccess: () => qc.invalidateQueries() }));
  if (q.error) return <ErrorBox error={q.error} />;
  if (!q.data) return <Loading what="the delivery" />;
  const { delivery, payload, attempts } = q.data;
  return (
    <>
      <h1>
        Delivery {delivery.id.slice(0, 8)} ({delivery.type}, {delivery.status})
      </h1>
      {canWrite ? (
        <p>
          <button type="button" onClick={() => redeliver.mutate({ deliveryId })} disabled={redeliver.isPending}>
            Redeliver
          </button>
          {redeliver.data ? (
            <output>
              {' '}
              Queued for redelivery as{' '}
              <Link to={`${BASE}/webhooks/deliveries/${redeliver.data.id}`}>delivery {redeliver.data.id.slice(0, 8)}</Link>.
            </output>
          ) : null}
        </p>
      ) : null}
      <ErrorBox error={redeliver.error} />
      <section aria-labelledby="d-h">
        <h2 id="d-h">Delivery</h2>
        <Fields value={delivery as unknown as Record<string, unknown>} />
      </section>
      <section aria-labelledby="a-h">
        <h2 id="a-h">Attempts</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">Retry</th>
              <th scope="col">Started (UTC)</th>
              <th scope="col">Status</th>
              <th scope="col">Latency</th>
              <th scope="col">Error</th>
              <th scope="col">Answer (excerpt)</th>
            </tr>
          </thead>
          <tbody>
            {attempts.map((a) => (
              <tr key={`${a.retryCount}-${a.startedAt}`}>
                <td>{a.retryCount}</td>
                <td>{formatTime(a.startedAt, 'utc')}</td>
                <td>{a.statusCode ?? '—'}</td>
                <td>{a.durationMs} ms</td>
                <td>{a.error ?? '—'}</td>
                <td>
                  <code>{(a.responseBody ?? '').slice(0, 200)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="p-h">
        <h2 id="p-h">Payload</h2>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
        <pre className="payload" tabIndex={0}>
          {JSON.stringify(payload, null, 2)}
        </pre>
      </section>
    </>
  );
}
