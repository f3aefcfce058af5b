import { CONTRACT_PROPERTY_ENUMS } from '../../core/generated/contract-facts.js';

export const HOLDER_ACTIONS = CONTRACT_PROPERTY_ENUMS.KycHolderAction.action;
const OUTCOMES = CONTRACT_PROPERTY_ENUMS.KycOutcome.outcome;
export type HolderAction = (typeof HOLDER_ACTIONS)[number];
type Outcome = (typeof OUTCOMES)[number];

const HOLDER_WORDS: Record<HolderAction, string> = {
  document_upload_received: 'Holder uploads the next missing file',
  documents_uploaded: 'Holder uploads every missing file',
  terms_signed: 'Holder signs the terms',
};
const OUTCOME_WORDS: Record<Outcome, string> = {
  completed: 'Provider approves (completed)',
  needs_update: 'Provider asks for changes (needs update)',
  rejected: 'Provider rejects the holder (closes the account)',
};

/** A sandbox's buttons for the holder's remaining steps. */
export function HolderSimulations(props: { steps: HolderAction[]; onAct: (action: HolderAction) => void; pending: boolean }) {
  return (
    <fieldset className="button-row">
      <legend className="visually-hidden">Holder simulations</legend>
      {props.steps.map((action) => (
        <button key={action} type="button" className="secondary" onClick={() => props.onAct(action)} disabled={props.pending}>
          Sandbox: {HOLDER_WORDS[action]}
        </button>
      ))}
    </fieldset>
  );
}

/** A sandbox's buttons for the provider's outcomes of a verification in review. */
export function ProviderSimulations(props: { onOutcome: (outcome: Outcome) => void; pending: boolean }) {
  return (
    <fieldset className="button-row">
      <legend className="visually-hidden">Provider simulations</legend>
      {OUTCOMES.map((o) => (
        <button key={o} type="button" className="secondary" onClick={() => props.onOutcome(o)} disabled={props.pending}>
          Sandbox: {OUTCOME_WORDS[o]}
        </button>
      ))}
    </fieldset>
  );
}
