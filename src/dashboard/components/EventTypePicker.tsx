import { useState } from 'react';
import { WEBHOOK_EVENT_TYPES } from '../../core/generated/contract-facts.js';
import type { FieldError } from '../errors.js';
import { valueLabel } from '../labels.js';
import { FieldErrors } from './form-errors.js';

export type EventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Categories by the event type's prefix (`kyc_status_updated` is KYC), in the contract's order. */
const CATEGORY_NAMES: Record<string, string> = {
  account: 'Accounts',
  kyc: 'KYC',
  kyb: 'KYB',
  bank: 'Bank accounts and transfers',
  crypto: 'Crypto',
  trade: 'Trades',
};
const categoryOf = (type: string) => type.split('_')[0] ?? type;
export const EVENT_CATEGORIES: [string, EventType[]][] = [
  ...WEBHOOK_EVENT_TYPES.reduce((groups, type) => {
    const c = categoryOf(type);
    groups.set(c, [...(groups.get(c) ?? []), type]);
    return groups;
  }, new Map<string, EventType[]>()),
];
const eventWords = (type: string) =>
  valueLabel(
    type
      .replace(/^(kyc|kyb)_/, '$1 ')
      .replace(/^kyc /, 'KYC ')
      .replace(/^kyb /, 'KYB '),
  );

/**
 * The event types of a target, read by the form as `allEventTypes` (checked: every type,
 * including types added later) or the checked `eventTypes`, grouped by category.
 */
export function EventTypePicker(props: { prefix: string; selected: readonly string[] | null; errors: FieldError[] }) {
  const [all, setAll] = useState(props.selected === null);
  const chosen = new Set(props.selected ?? []);
  const errorId = `${props.prefix}-eventTypes-error`;
  return (
    <fieldset className="event-types" aria-describedby={errorId}>
      <legend>Event types</legend>
      <label>
        <input type="checkbox" name="allEventTypes" checked={all} onChange={(e) => setAll(e.currentTarget.checked)} /> Every event type
      </label>
      {all ? null : (
        <div className="event-type-groups">
          {EVENT_CATEGORIES.map(([category, types]) => (
            <fieldset key={category} className="segmented">
              <legend>{CATEGORY_NAMES[category] ?? valueLabel(category)}</legend>
              {types.map((type) => (
                <label key={type} title={type}>
                  <input type="checkbox" name="eventTypes" value={type} defaultChecked={chosen.has(type)} /> {eventWords(type)}
                </label>
              ))}
            </fieldset>
          ))}
        </div>
      )}
      <FieldErrors errors={props.errors.map((e) => ({ ...e, field: e.field.replace(/[/[.].*$/, '') }))} field="eventTypes" id={errorId} />
    </fieldset>
  );
}

/** The form's choice: `null` for every type, else the checked types (possibly none: the server says why). */
export function chosenEventTypes(f: FormData): EventType[] | null {
  return f.get('allEventTypes') ? null : (f.getAll('eventTypes').map(String) as EventType[]);
}
