import type { TargetActions as Actions, Target } from '../hooks/use-webhook-targets.js';
import { ConfirmButton } from './ConfirmButton.js';

/** The buttons of one webhook target's row; which are offered depends on its status. */
export function TargetActions({ t, on }: { t: Target; on: Actions }) {
  return (
    <span className="button-row">
      <button type="button" className="secondary" onClick={() => on.edit(t)} aria-label={`Edit ${t.url}`}>
        Edit
      </button>
      {t.status === 'active' ? (
        <>
          <button type="button" className="secondary" onClick={() => on.test(t)} aria-label={`Test ${t.url}`}>
            Test
          </button>
          <button type="button" className="secondary" onClick={() => on.pause(t)} aria-label={`Pause ${t.url}`}>
            Pause
          </button>
        </>
      ) : null}
      {/* Offered in every state: for a paused or disabled target they are queued, sent once it is active. */}
      <button type="button" className="secondary" onClick={() => on.recover(t)} aria-label={`Resend failed deliveries to ${t.url}`}>
        Resend failed
      </button>
      {t.status === 'paused' ? (
        <button type="button" onClick={() => on.resume(t)} aria-label={`Resume ${t.url}`}>
          Resume
        </button>
      ) : null}
      {t.status === 'disabled' ? (
        <button type="button" aria-label={`Enable ${t.url}`} onClick={() => on.enable(t)}>
          Enable
        </button>
      ) : null}
      <button type="button" className="secondary" onClick={() => on.history(t)} aria-label={`History of ${t.url}`}>
        History
      </button>
      <ConfirmButton label={`Delete ${t.url}`} question={`Delete the target ${t.url}?`} onConfirm={() => on.remove(t)}>
        Delete
      </ConfirmButton>
    </span>
  );
}
