import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { BASE, Link } from '../router.js';
import { useTRPC } from '../trpc.js';
import { EVENT_CATEGORIES, type EventType } from './EventTypePicker.js';
import { ErrorBox } from './layout.js';
import { shortId } from './values.js';

/** How much of the endpoint's answer is shown (the delivery log keeps its first 4 KB). */
const EXCERPT = 500;

/** The endpoint's answer to a test send, once the dispatcher has recorded its one attempt. */
function TestAnswer(props: { deliveryId: string }) {
  const trpc = useTRPC();
  const detail = useQuery(
    trpc.webhookDeliveries.get.queryOptions(
      { deliveryId: props.deliveryId },
      // Polled until its one attempt is recorded (sent at once; bounded by the webhook timeout).
      { refetchInterval: (q) => (q.state.data && q.state.data.delivery.status !== 'pending' ? false : 500) },
    ),
  );
  const attempt = detail.data?.delivery.status === 'pending' ? undefined : detail.data?.attempts.at(-1);
  if (!attempt) return <output className="notice">Waiting for the endpoint's answer…</output>;
  const body = attempt.responseBody ?? '';
  return (
    <output className="notice test-answer" aria-label="The endpoint's answer">
      {attempt.statusCode !== null ? (
        <>
          The endpoint answered <strong>HTTP {attempt.statusCode}</strong> in {attempt.durationMs} ms
          {attempt.statusCode >= 200 && attempt.statusCode < 300 ? ' (accepted)' : ' (not a 2xx: a failure)'}.
        </>
      ) : (
        <>
          No answer: <strong>{attempt.error}</strong>.
        </>
      )}
      {body ? (
        <pre className="wrap-anywhere">
          {body.slice(0, EXCERPT)}
          {body.length > EXCERPT ? '…' : ''}
        </pre>
      ) : attempt.statusCode !== null ? (
        <span className="muted"> The body was empty.</span>
      ) : null}
    </output>
  );
}

/**
 * Sends the contract's example of an event type to a target, signed and marked as a test; shows
 * the endpoint's answer (status and the start of its body) and links to the delivery in the log.
 */
export function TestSend(props: { targetId: string; url: string; onClose: () => void }) {
  const trpc = useTRPC();
  const [eventType, setEventType] = useState<EventType>('account_created');
  const send = useMutation(trpc.webhookTargets.test.mutationOptions());
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    send.mutate({ targetId: props.targetId, eventType });
  };
  const id = `test-${props.targetId}-type`;
  return (
    <form onSubmit={submit} className="filters" aria-label={`Send a test event to ${props.url}`}>
      <div className="field">
        <label htmlFor={id}>Event type</label>
        <select id={id} value={eventType} onChange={(e) => setEventType(e.currentTarget.value as EventType)}>
          {EVENT_CATEGORIES.flatMap(([, types]) => types).map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      <div className="filter-actions">
        <button type="submit" disabled={send.isPending}>
          Send test event
        </button>
        <button type="button" className="secondary" onClick={props.onClose}>
          Close
        </button>
      </div>
      {send.data ? (
        <output className="notice">
          Test sent as <Link to={`${BASE}/webhooks/deliveries/${send.data.id}`}>delivery {shortId(send.data.id)}</Link>: the example body,
          signed, with <code>"test": true</code>.
        </output>
      ) : null}
      {send.data ? <TestAnswer key={send.data.id} deliveryId={send.data.id} /> : null}
      <ErrorBox error={send.error} />
    </form>
  );
}
