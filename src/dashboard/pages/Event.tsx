import { useQuery } from '@tanstack/react-query';
import { Details, ErrorBox, Loading, Page, Section } from '../components/layout.js';
import { DateTime, Id, shortId } from '../components/values.js';
import { BASE, Link } from '../router.js';
import { useTRPC } from '../trpc.js';
import { EVENTS_PATH } from './Events.js';

/** One event: its facts, its deliveries, and the payload its webhooks carried. */
export function Event({ eventId }: { eventId: string }) {
  const trpc = useTRPC();
  const q = useQuery(trpc.events.get.queryOptions({ eventId }));
  if (!q.data) {
    return <Page title={`Event ${shortId(eventId)}`}>{q.error ? <ErrorBox error={q.error} back /> : <Loading what="the event" />}</Page>;
  }
  const e = q.data;
  return (
    <Page
      title={`Event ${shortId(e.id)}`}
      heading={
        <>
          Event <code>{e.type}</code>
        </>
      }
      actions={<Link to={EVENTS_PATH}>All events</Link>}
    >
      <Section id="e" title="Event">
        <Details
          label="Event"
          items={[
            ['Event id', <Id key="id" value={e.id} label="event id" />],
            ['Type', <code key="t">{e.type}</code>],
            [
              'Account',
              e.accountId ? (
                <Link key="a" to={`${BASE}/accounts/${e.accountId}`}>
                  {`account ${shortId(e.accountId)}`}
                </Link>
              ) : (
                'none'
              ),
            ],
            ['Occurred', <DateTime key="o" iso={e.timestamp} />],
            ['Deliveries', <Link key="d" to={`${BASE}/webhooks/deliveries?type=${e.type}`}>{`every ${e.type} delivery`}</Link>],
          ]}
        />
      </Section>
      <Section id="p" title="Payload">
        <p className="muted">The webhook body of this event; each delivery carries it with its own webhookId in place of id.</p>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
        <pre className="payload" tabIndex={0}>
          {JSON.stringify(e, null, 2)}
        </pre>
      </Section>
    </Page>
  );
}
