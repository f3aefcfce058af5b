import { type FieldError, fieldError, validationError } from '../errors.js';

/** A bound on `createdAt`: an instant, and whether the bound itself is included. */
export interface Bound {
  at: Date;
  inclusive: boolean;
}

export interface DateRange {
  start?: Bound;
  end?: Bound;
}

const FORMAT_MESSAGE = 'must be an RFC 3339 date-time, YYYY-MM-DDThh:mm:ss[.fff] (UTC) or YYYY-MM-DD, years 0001-9999';
// RFC 3339 section 5.6: any number of fraction digits; second 60 is a leap second.
const PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})?)?$/;
export const DAY_MS = 86_400_000;
/** The first and last instants a bound can name (years 0001-9999, millisecond precision). */
export const MIN_INSTANT = utc(1, 1, 1);
export const MAX_INSTANT = utc(9999, 12, 31) + DAY_MS - 1;

/** Date.UTC reads years 0-99 as 1900-1999; setUTCFullYear takes them literally. */
function utc(year: number, month: number, day: number, h = 0, mi = 0, s = 0, ms = 0): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(h, mi, s, ms);
  return d.getTime();
}

function daysIn(year: number, month: number): number {
  return new Date(utc(year, month + 1, 0)).getUTCDate();
}

/**
 * Parses one bound. Date-only values are whole UTC days: a start is that midnight, an end is
 * the next midnight, exclusive. Values without an offset are UTC. Returns null when invalid.
 * An offset can push 0001-01-01 or 9999-12-31 past the representable range: see `clamp`.
 */
export function parseBound(value: string, side: 'start' | 'end'): Bound | null {
  const m = PATTERN.exec(value);
  if (!m) return null;
  const [, y, mo, d, hh, mi, ss, frac, offset] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (hh === undefined) {
    const midnight = utc(year, month, day);
    return side === 'start' ? { at: new Date(midnight), inclusive: true } : { at: new Date(midnight + DAY_MS), inclusive: false };
  }
  const hour = Number(hh);
  const minute = Number(mi);
  const second = Number(ss);
  if (hour > 23 || minute > 59 || second > 60) return null;
  let offsetMinutes = 0;
  if (offset && offset.toUpperCase() !== 'Z') {
    const oh = Number(offset.slice(1, 3));
    const om = Number(offset.slice(4, 6));
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (offset[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  // A leap second exists only in the last minute of a UTC day; it is read as that minute's last
  // millisecond, since stored times have millisecond precision (finer digits are truncated).
  const leap = second === 60;
  const ms = leap ? 999 : frac ? Number(frac.slice(1, 4).padEnd(3, '0')) : 0;
  const at = utc(year, month, day, hour, minute, leap ? 59 : second, ms) - offsetMinutes * 60_000;
  if (leap && Math.floor((((at % DAY_MS) + DAY_MS) % DAY_MS) / 60_000) !== 23 * 60 + 59) return null;
  return { at: new Date(at), inclusive: true };
}

/**
 * Bounds moved into [MIN_INSTANT, MAX_INSTANT] (an end past it becomes MAX_INSTANT inclusive).
 * Nothing stored lies outside, so the meaning is unchanged, and no year 0 or 10000 reaches SQL.
 */
function clamp(b: Bound | undefined): Bound | undefined {
  if (!b) return undefined;
  const t = b.at.getTime();
  if (t > MAX_INSTANT) return { at: new Date(MAX_INSTANT), inclusive: true };
  if (t < MIN_INSTANT) return { at: new Date(MIN_INSTANT), inclusive: true };
  return b;
}

/** `startDate`/`endDate` of `listTransactions` (openapi.yaml): both bounds, each parsed, and an end strictly later than the start. */
export function parseDateRange(startDate: string | undefined, endDate: string | undefined): DateRange {
  const errors: FieldError[] = [];
  const start = startDate === undefined ? undefined : parseBound(startDate, 'start');
  const end = endDate === undefined ? undefined : parseBound(endDate, 'end');
  if (start === null) errors.push(fieldError('startDate', 'invalid_format', FORMAT_MESSAGE, { format: 'date-time' }));
  if (end === null) errors.push(fieldError('endDate', 'invalid_format', FORMAT_MESSAGE, { format: 'date-time' }));
  if (errors.length) throw validationError(errors);
  if (start && end) {
    // Effective bounds: a date-only end is the next midnight, so one whole day is a valid range.
    if (end.at.getTime() <= start.at.getTime()) {
      throw validationError([fieldError('endDate', 'too_small', 'must be strictly later than startDate')]);
    }
  }
  return { start: clamp(start ?? undefined), end: clamp(end ?? undefined) };
}
