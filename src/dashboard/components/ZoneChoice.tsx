import type { FormEvent } from 'react';
import { fromRfc3339, localZoneName, toRfc3339, type Zone } from '../format.js';

/**
 * The filter form's time zone (UTC or the browser's): choosing the other one rewrites the form's
 * From and To to show the same instants in it.
 */
export function ZoneChoice({ zone }: { zone: Zone }) {
  const keepInstants = (e: FormEvent<HTMLFieldSetElement>) => {
    const radio = e.target as HTMLInputElement;
    if (radio.name !== 'tz' || !radio.form) return;
    const to: Zone = radio.value === 'local' ? 'local' : 'utc';
    const from: Zone = to === 'local' ? 'utc' : 'local';
    for (const name of ['startDate', 'endDate']) {
      const input = radio.form.elements.namedItem(name) as HTMLInputElement | null;
      if (input?.value) input.value = fromRfc3339(toRfc3339(input.value, from), to);
    }
  };
  return (
    <fieldset className="segmented" onChange={keepInstants}>
      <legend>Time zone</legend>
      <label>
        <input type="radio" name="tz" value="utc" defaultChecked={zone === 'utc'} /> UTC
      </label>
      <label>
        <input type="radio" name="tz" value="local" defaultChecked={zone === 'local'} /> Local ({localZoneName()})
      </label>
    </fieldset>
  );
}
