import { type FieldError, validationError } from '../errors.js';

/** A bound on `createdAt`: an instant, and whether the bound itself is included. */
export interface Bound {
  at: Date;
  inclusive: boolean;
}

export interface DateRange {
  start?: Bound;
  end?: Bound;
}

const FORMAT_MESSAGE = 'must be an RFC 3339 date-time, YYYY-MM-DDThh:mm:ss[.fff] (UTC) or YYYY-MM-DD';
const PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})?)?$/;

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Parses one bound. Date-only values are whole UTC days: a start is that midnight, an end is
 * the next midnight, exclusive. Values without an offset are UTC. Returns null when invalid.
 */
export function parseBound(value: string, side: 'start' | 'end'): Bound | null {
  const m = PATTERN.exec(value);
  if (!m) return null;
  const [, y, mo, d, hh, mi, ss, frac, offset] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (hh === undefined) {
    const midnight = Date.UTC(year, month - 1, day);
    return side === 'start' ? { at: new Date(midnight), inclusive: true } : { at: new Date(midnight + 86_400_000), inclusive: false };
  }
  const hour = Number(hh);
  const minute = Number(mi);
  const second = Number(ss);
  if (hour > 23 || minute > 59 || second > 59) return null;
  let offsetMinutes = 0;
  if (offset && offset.toUpperCase() !== 'Z') {
    const oh = Number(offset.slice(1, 3));
    const om = Number(offset.slice(4, 6));
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (offset[0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  // Stored times have millisecond precision; finer digits are truncated.
  const ms = frac ? Number(frac.slice(1, 4).padEnd(3, '0')) : 0;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetMinutes * 60_000;
  return { at: new Date(utc), inclusive: true };
}

/** SPEC 4.2 / DESIGN.md: both bounds, each parsed, and an end strictly later than the start. */
export function parseDateRange(startDate: string | undefined, endDate: string | undefined): DateRange {
  const errors: FieldError[] = [];
  const start = startDate === undefined ? undefined : parseBound(startDate, 'start');
  const end = endDate === undefined ? undefined : parseBound(endDate, 'end');
  if (start === null) errors.push({ field: 'startDate', message: FORMAT_MESSAGE });
  if (end === null) errors.push({ field: 'endDate', message: FORMAT_MESSAGE });
  if (errors.length) throw validationError(errors);
  if (start && end) {
    // Effective bounds: a date-only end is the next midnight, so one whole day is a valid range.
    if (end.at.getTime() <= start.at.getTime()) {
      throw validationError([{ field: 'endDate', message: 'must be strictly later than startDate' }]);
    }
  }
  return { start: start ?? undefined, end: end ?? undefined };
}
