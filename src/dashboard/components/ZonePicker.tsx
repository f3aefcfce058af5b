import { localZoneName } from '../format.js';
import { setZone, useZone } from '../zone.js';

/** The top bar's choice of the zone every date is shown in (remembered in this browser). */
export function ZonePicker() {
  const zone = useZone();
  return (
    <div className="zone-picker">
      <span className="muted-on-dark" aria-hidden="true">
        Times in
      </span>
      <select aria-label="Times in" value={zone} onChange={(e) => setZone(e.target.value === 'local' ? 'local' : 'utc')}>
        <option value="utc">UTC</option>
        <option value="local">Local ({localZoneName()})</option>
      </select>
    </div>
  );
}
