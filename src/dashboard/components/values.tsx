import { type ReactNode, useState } from 'react';
import { formatAmount, formatTime, relativeTime, type Zone, zoneLabel } from '../format.js';
import { valueLabel } from '../labels.js';
import { useZone } from '../zone.js';

/** Copies `text` to the clipboard; says "Copied" for a moment (a no-op where the API is missing). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button type="button" className="copy" onClick={copy} aria-label={copied ? `${label}: copied` : label} title={label}>
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

/** First and last characters of a long id, the middle elided: 6f1c2a9e…41bd. */
export function shortId(id: string, head = 8, tail = 4): string {
  return id.length <= head + tail + 1 ? id : `${id.slice(0, head)}…${id.slice(-tail)}`;
}

/**
 * An id in a monospace face, shortened in the middle (the whole id in its title and for screen
 * readers), with a copy button. `href`: the id links there.
 */
export function Id({ value, label = 'id', link }: { value: string; label?: string; link?: (text: string) => ReactNode }) {
  const text = shortId(value);
  return (
    <span className="id">
      {link ? link(text) : <code title={value}>{text}</code>}
      <CopyButton text={value} label={`Copy ${label} ${value}`} />
    </span>
  );
}

const TONES: Record<string, 'ok' | 'wait' | 'bad' | 'off'> = {
  active: 'ok',
  completed: 'ok',
  succeeded: 'ok',
  current: 'ok',
  used: 'off',
  pending: 'wait',
  paused: 'wait',
  processing: 'wait',
  in_review: 'wait',
  needs_update: 'wait',
  saved: 'wait',
  submitted: 'wait',
  next: 'wait',
  failed: 'bad',
  disabled: 'bad',
  returned: 'bad',
  expired: 'off',
  canceled: 'off',
  retired: 'off',
  revoked: 'off',
  rejected: 'bad',
};

/** A status as a badge: its words and a colour that says good, waiting, bad or over. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`status status-${TONES[status] ?? 'off'}`}>{valueLabel(status)}</span>;
}

/** An amount with thousands separators, the currency's decimals and its code, right-aligned in tables. */
export function Amount({ value, currency }: { value: string | null | undefined; currency: string }) {
  if (value === null || value === undefined) return <span className="muted">—</span>;
  return (
    <span className="amount">
      {formatAmount(value, currency)} <span className="currency">{currency}</span>
    </span>
  );
}

/**
 * A timestamp in the dashboard's zone (the preference, zone.ts) or the one given, with the zone
 * named; hovering shows how long ago it was and the time in the other zone.
 */
export function DateTime({ iso, zone: given }: { iso: string | null | undefined; zone?: Zone }) {
  const preferred = useZone();
  const zone = given ?? preferred;
  if (!iso) return <span className="muted">—</span>;
  const other: Zone = zone === 'utc' ? 'local' : 'utc';
  const title = `${relativeTime(iso)} · ${formatTime(iso, other)}${other === 'local' ? ` (${zoneLabel('local')})` : ''}`;
  return (
    <time dateTime={iso} title={title} className="datetime">
      {formatTime(iso, zone)}
    </time>
  );
}
