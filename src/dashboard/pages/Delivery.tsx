import { DeliveryAttempts, DeliveryDetails } from '../components/DeliveryDetails.js';
import { ErrorBox, Loading, Page, Section } from '../components/layout.js';
import { StatusBadge, shortId } from '../components/values.js';
import { useDelivery } from '../hooks/use-delivery.js';
import { useCanWrite } from '../session.js';

export function Delivery({ deliveryId }: { deliveryId: string }) {
  const canWrite = useCanWrite();
  const { query: q, redeliver } = useDelivery(deliveryId);
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
        <DeliveryDetails d={d} />
      </Section>
      <Section id="a" title="Attempts">
        <DeliveryAttempts attempts={attempts} />
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
