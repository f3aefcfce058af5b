export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

// `Date#toISOString` is a large share of the work at a million rows; the same text, built
// from cached day prefixes and digit tables.

const PAD2 = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
const PAD3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
const dayPrefixes = new Map<number, string>();

/** `new Date(ms).toISOString()` for times after 1970. */
export function iso(ms: number): string {
  const day = Math.floor(ms / DAY);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY).toISOString().slice(0, 11);
    dayPrefixes.set(day, prefix);
  }
  let t = ms - day * DAY;
  const milli = t % 1000;
  t = (t - milli) / 1000;
  const sec = t % 60;
  t = (t - sec) / 60;
  const min = t % 60;
  const hour = (t - min) / 60;
  return `${prefix}${PAD2[hour]}:${PAD2[min]}:${PAD2[sec]}.${PAD3[milli]}Z`;
}
