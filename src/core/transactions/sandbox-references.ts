import { randomInt } from 'node:crypto';

/** Digits for sandbox reference numbers (not secrets, just unique enough to look real). */
export function digits(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String(randomInt(10));
  return out;
}

/** Sandbox reference numbers of the rails: ours, the ACH trace number, the Fedwire IMAD. */
export function bankReferences(instrument: string, now: Date) {
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  return {
    transactionReference: `FAS${day}${digits(8)}`,
    traceNumber: instrument === 'ach' ? `02100002${digits(7)}` : null,
    imad: instrument === 'wire' ? `${day}FASBNK01${digits(6)}` : null,
  };
}
