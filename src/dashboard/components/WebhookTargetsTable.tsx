import type { UseQueryResult } from '@tanstack/react-query';
import type { TargetActions as Actions, Target } from '../hooks/use-webhook-targets.js';
import { BASE, Link } from '../router.js';
import type { Outputs } from '../trpc.js';
import { Clip } from './Clip.js';
import { EVENT_CATEGORIES } from './EventTypePicker.js';
import { TargetActions } from './TargetActions.js';
import { TargetForm } from './TargetForm.js';
import { ListTable } from './tables.js';
import { DateTime, StatusBadge } from './values.js';

const EVERY_TYPE_COUNT = EVENT_CATEGORIES.reduce((n, [, types]) => n + types.length, 0);

/** Why a target is not active, and since when, beside its status badge. */
function TargetStatus({ t }: { t: Target }) {
  return (
    <>
      <StatusBadge status={t.status} />
      {t.status === 'disabled' ? (
        <span className="status-note">
          {' '}
          since <DateTime iso={t.disabledAt} />: {t.disabledReason ?? 'no reason recorded'}. Enabling sends the oldest waiting delivery
          first; the rest follow once one succeeds.
        </span>
      ) : null}
      {t.status === 'paused' ? (
        <span className="status-note">
          {' '}
          since <DateTime iso={t.updatedAt} />: nothing is sent; deliveries wait until it is resumed.
        </span>
      ) : null}
    </>
  );
}

/** The workspace's webhook targets; for writers each row has its actions, or its edit form. */
export function WebhookTargetsTable(props: {
  query: UseQueryResult<Outputs['webhookTargets']['list'], unknown>;
  canWrite: boolean;
  editing: string | null;
  onEditDone: () => void;
  on: Actions;
}) {
  const { canWrite, editing, on } = props;
  return (
    <ListTable
      query={props.query}
      label="Webhook targets"
      loading="targets"
      empty={{
        title: 'No webhook targets yet.',
        hint: canWrite
          ? 'Add one below: the events of the workspace it subscribes to are then delivered to it, signed.'
          : 'An admin can add one.',
      }}
      rowKey={(t) => t.id}
      columns={[
        {
          header: 'URL',
          primary: true,
          cell: (t) => <Clip text={t.url} label="URL" link={(u) => <Link to={`${BASE}/webhooks/deliveries?targetId=${t.id}`}>{u}</Link>} />,
        },
        { header: 'Description', cell: (t) => (t.description ? <Clip text={t.description} label="description" /> : '—') },
        {
          header: 'Event types',
          cell: (t) => (t.eventTypes ? `${t.eventTypes.length} of ${EVERY_TYPE_COUNT}` : 'Every type'),
        },
        { header: 'Status', cell: (t) => <TargetStatus t={t} /> },
        ...(canWrite
          ? [
              {
                header: 'Actions',
                cell: (t: Target) =>
                  editing === t.id ? <TargetForm target={t} onDone={props.onEditDone} /> : <TargetActions t={t} on={on} />,
              },
            ]
          : []),
      ]}
    />
  );
}
