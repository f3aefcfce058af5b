import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { BASE, Link } from '../router.js';
import { useTRPC } from '../trpc.js';
import { EVENT_CATEGORIES, type EventType } from './EventTypePicker.js';
import { ErrorBox } from './layout.js';
import { shortId } from './values.js';

/**
 * Sends the contract's example of an event type to a target, signed and marked as a test; the
 * answer links to its delivery in the log.
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
      <ErrorBox error={send.error} />
    </form>
  );
}
