import type { ReactNode } from 'react';

/**
 * A button for what cannot be undone (revoke, delete): it asks `question` first and acts only on
 * yes. `label` names the thing it acts on, for a screen reader in a table of many such buttons.
 */
export function ConfirmButton(props: { label: string; question: string; onConfirm: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      className="danger"
      aria-label={props.label}
      disabled={props.disabled}
      onClick={() => {
        if (window.confirm(props.question)) props.onConfirm();
      }}
    >
      {props.children}
    </button>
  );
}
