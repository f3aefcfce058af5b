export type Zone = 'utc' | 'local';

/** A timestamp in the chosen zone, with the zone always written out. */
export function formatTime(iso: string | null | undefined, zone: Zone): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (zone === 'utc') return `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium', timeZoneName: 'short' });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `datetime-local` input value -> RFC 3339 with the zone's offset (what the API receives). */
export function toRfc3339(local: string, zone: Zone): string {
  if (!local) return '';
  const withSeconds = local.length === 16 ? `${local}:00` : local;
  if (zone === 'utc') return `${withSeconds}Z`;
  const d = new Date(withSeconds); // parsed as local time
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

export function localZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
}

interface AmountSource {
  bankTransactionDetails?: { amount: string; coin: string };
  cryptoTransactionDetails?: { amount: string; coin: string };
  tradeTransactionDetails?: { quantity: string; quantityCurrency: string; side: string };
}

/** The amount a row shows: bank/crypto amount, or a trade's side and quantity. */
export function amountOf(t: AmountSource): string {
  if (t.bankTransactionDetails) return `${t.bankTransactionDetails.amount} ${t.bankTransactionDetails.coin}`;
  if (t.cryptoTransactionDetails) return `${t.cryptoTransactionDetails.amount} ${t.cryptoTransactionDetails.coin}`;
  const tr = t.tradeTransactionDetails;
  return tr ? `${tr.side} ${tr.quantity} ${tr.quantityCurrency}` : '';
}
