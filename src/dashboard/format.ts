import { scaleOf } from '../core/transactions/catalog.js';

export type Zone = 'utc' | 'local';

/** The browser's IANA zone (what "Local" means), e.g. America/Los_Angeles. */
export function localZoneName(): string {
  return kept('zone', () => new Intl.DateTimeFormat()).resolvedOptions().timeZone || 'local time';
}

/** How a zone is named next to dates: "UTC", or the browser's IANA zone. */
export function zoneLabel(zone: Zone): string {
  return zone === 'utc' ? 'UTC' : localZoneName();
}

// Date parts named one by one: `dateStyle`/`timeStyle` cannot be combined with `timeZoneName`
// (Intl throws "Invalid option"), which once blanked the whole app for the Local zone.
const TIME_PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
};

/** Intl formatters are costly to build (a list of 50 rows formats 100 dates): one per kind, kept. */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
function kept<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let f = formatters.get(key) as T | undefined;
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f;
}

function valid(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** A timestamp in the chosen zone, the zone written out ("Nov 3, 2026, 10:00:00 UTC"). */
export function formatTime(iso: string | null | undefined, zone: Zone = 'utc'): string {
  const d = valid(iso);
  if (!d) return '—';
  return kept(
    `time:${zone}`,
    () => new Intl.DateTimeFormat(undefined, { ...TIME_PARTS, ...(zone === 'utc' ? { timeZone: 'UTC' } : {}) }),
  ).format(d);
}

/** A calendar date (YYYY-MM-DD, no time of day) as people write it: "Mar 12, 2030". */
export function formatDate(day: string | null | undefined): string {
  if (!day) return '—';
  const d = valid(`${day.slice(0, 10)}T00:00:00Z`);
  return d
    ? kept('date', () => new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })).format(d)
    : day;
}

/** A UTC day on a chart axis or a table row: "Nov 3". */
export function formatDay(day: string): string {
  const d = valid(`${day}T00:00:00Z`);
  return d ? kept('day', () => new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' })).format(d) : day;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
];

/** "3 hours ago", "in 2 days": shown on hover next to an absolute time. */
export function relativeTime(iso: string | null | undefined, now = Date.now()): string {
  const d = valid(iso);
  if (!d) return '';
  const diff = d.getTime() - now;
  const rtf = kept('relative', () => new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }));
  for (const [unit, ms] of UNITS) if (Math.abs(diff) >= ms || unit === 'second') return rtf.format(Math.round(diff / ms), unit);
  return '';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `datetime-local` input value -> RFC 3339 with the zone's offset (what the API receives). */
export function toRfc3339(local: string, zone: Zone): string {
  if (!local) return '';
  const withSeconds = local.length === 16 ? `${local}:00` : local;
  if (zone === 'utc') return `${withSeconds}Z`;
  const d = new Date(withSeconds); // parsed as local time
  if (Number.isNaN(d.getTime())) return '';
  const off = -d.getTimezoneOffset();
  const sign = off >= 0 ? '+' : '-';
  return `${withSeconds}${sign}${pad(Math.floor(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`;
}

/** RFC 3339 (any offset) -> `datetime-local` value in the zone shown. */
export function fromRfc3339(value: string | undefined, zone: Zone): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  if (zone === 'utc') return d.toISOString().slice(0, 19);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

let seps: { group: string; decimal: string } | undefined;
function separators(): { group: string; decimal: string } {
  if (!seps) {
    const parts = kept('number', () => new Intl.NumberFormat()).formatToParts(12345.6);
    seps = { group: parts.find((p) => p.type === 'group')?.value ?? ',', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
  }
  return seps;
}

/**
 * A decimal string with thousands separators and exactly the currency's decimals (USD 2, BTC 8,
 * ...), computed on the digits so no amount goes through floating point.
 */
export function formatAmount(value: string | null | undefined, currency: string): string {
  if (value === null || value === undefined || value === '') return '—';
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return value;
  const [, sign, whole = '0', fraction = ''] = m;
  const scale = scaleOf(currency);
  let digits = (whole + fraction.padEnd(scale, '0').slice(0, scale)).replace(/^0+(?=\d)/, '');
  // Half away from zero on the first dropped digit; the server stores amounts at the currency's scale anyway.
  if ((fraction[scale] ?? '0') >= '5') digits = (BigInt(digits) + 1n).toString();
  digits = digits.padStart(scale + 1, '0');
  const intPart = digits.slice(0, digits.length - scale);
  const fracPart = digits.slice(digits.length - scale);
  const { group, decimal } = separators();
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const negative = sign === '-' && /[1-9]/.test(digits);
  return `${negative ? '-' : ''}${grouped}${scale ? `${decimal}${fracPart}` : ''}`;
}

/** A count with separators: 1,234,567. */
export function formatCount(n: number): string {
  return kept('number', () => new Intl.NumberFormat()).format(n);
}

/** Bytes as people read them: 2.4 KB, 3.1 MB (1 KB = 1,024 bytes). */
export function formatBytes(n: number): string {
  if (n < 1024) return `${formatCount(n)} bytes`;
  const units = ['KB', 'MB', 'GB'];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${kept('bytes', () => new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 })).format(v)} ${units[u]}`;
}

/** The exact sum of decimal strings (BigInt on the digits, no floating point). */
export function sumDecimals(values: readonly string[]): string {
  const parsed = values.map((v) => /^(-?)(\d+)(?:\.(\d+))?$/.exec(v.trim())).filter((m): m is RegExpExecArray => m !== null);
  const scale = Math.max(0, ...parsed.map((m) => (m[3] ?? '').length));
  let total = 0n;
  for (const [, sign, whole, fraction = ''] of parsed) total += (sign ? -1n : 1n) * BigInt(`${whole}${fraction.padEnd(scale, '0')}`);
  const negative = total < 0n;
  const digits = (negative ? -total : total).toString().padStart(scale + 1, '0');
  const out = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${out}` : out;
}

const COMPACT = new Intl.NumberFormat(undefined, { notation: 'compact', maximumSignificantDigits: 3 });
/** A chart axis's short figure (1.2K). */
export const compact = (v: number): string => COMPACT.format(v);
