import { Clip } from '../components/Clip.js';
import { ErrorBox, Page, Section } from '../components/layout.js';
import { ObjectHistory } from '../components/ObjectHistory.js';
import { RecoverFailed } from '../components/RecoverFailed.js';
import { SigningKeys } from '../components/SigningKeys.js';
import { TargetForm } from '../components/TargetForm.js';
import { TestSend } from '../components/TestSend.js';
import { WebhookTargetsTable } from '../components/WebhookTargetsTable.js';
import { type Target, useWebhookTargets } from '../hooks/use-webhook-targets.js';
import { BASE, Link } from '../router.js';
import { useCanWrite } from '../session.js';

/** One target's history from the audit log (who created, edited, paused or enabled it). */
function TargetHistory({ target, onClose }: { target: Target; onClose: () => void }) {
  return (
    <ObjectHistory
      key={target.id}
      objectType="webhook_target"
      objectId={target.id}
      title="Target history"
      intro={
        <p className="button-row">
          <Clip text={target.url} label="URL" />
          <button type="button" className="secondary" onClick={onClose}>
            Close
          </button>
        </p>
      }
    />
  );
}

export function Webhooks() {
  const canWrite = useCanWrite();
  const w = useWebhookTargets();
  const { testing, recovering, history } = w;
  return (
    <Page title="Webhooks" actions={<Link to={`${BASE}/webhooks/deliveries`}>Delivery log</Link>}>
      <Section id="targets" title="Targets">
        <ErrorBox error={w.error} />
        <WebhookTargetsTable
          query={w.targets}
          canWrite={canWrite}
          editing={w.editing}
          onEditDone={() => w.setEditing(null)}
          on={w.actions}
        />
      </Section>
      {testing ? (
        <Section id="test" title="Send a test event">
          <TestSend key={testing.targetId} {...testing} onClose={() => w.setTesting(null)} />
        </Section>
      ) : null}
      {recovering ? (
        <Section id="recover" title="Resend failed deliveries">
          <RecoverFailed
            key={`${recovering.targetId}-${recovering.since}`}
            {...recovering}
            status={w.targets.data?.data.find((t) => t.id === recovering.targetId)?.status ?? 'active'}
            onClose={() => w.setRecovering(null)}
          />
        </Section>
      ) : null}
      {history ? <TargetHistory target={history} onClose={() => w.setHistory(null)} /> : null}
      {canWrite ? (
        <Section id="new" title="New target">
          <TargetForm onDone={() => {}} />
        </Section>
      ) : null}
      <SigningKeys query={w.keys} />
    </Page>
  );
}
