import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import { type Harness, rawRequest } from './harness.js';

/** csv-parse (an independent RFC 4180 reader) over the whole file: the header row, then records as objects. */
export function parseCsv(text: string): { header: string[]; records: Record<string, string>[] } {
  const rows = parse(text, { relax_column_count: false, record_delimiter: '\r\n' }) as string[][];
  const [header = [], ...rest] = rows;
  return { header, records: rest.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? '']))) };
}

const query = (params: Record<string, string>) => {
  const q = new URLSearchParams(params).toString();
  return q ? `?${q}` : '';
};

/** `GET <path>` of an export with an API key, validated against openapi.yaml like every REST answer. */
export async function exportOver(h: Harness, apiKey: string, path: string, params: Record<string, string> = {}) {
  const res = await rawRequest(h, 'GET', `${path}${query(params)}`, { headers: { authorization: `APIKey ${apiKey}` } });
  return { ...res, csv: res.status === 200 ? parseCsv(res.body as string) : undefined };
}

/** Every item a REST list selects, page after page (1,000 per page). */
export async function listEverything(h: Harness, apiKey: string, path: string, params: Record<string, string> = {}): Promise<any[]> {
  const all: any[] = [];
  for (let page = 1; ; page++) {
    const res = await rawRequest(h, 'GET', `${path}${query({ ...params, page: String(page), limit: '1000' })}`, {
      headers: { authorization: `APIKey ${apiKey}` },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    all.push(...res.body.data);
    if (all.length >= res.body.total || res.body.data.length === 0) return all;
  }
}

/** What a spreadsheet-safe cell holds for `value` (openapi.yaml: a leading = + - @ tab CR gets an apostrophe). */
export function safeCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  const s = String(value);
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

/**
 * The cells a transaction's row must hold, written from the contract's field names without the
 * server's column table: a header names a top-level field or a field of the one details object.
 */
export function expectedTransactionRow(header: string[], t: any): Record<string, string> {
  const details = t.bankTransactionDetails ?? t.cryptoTransactionDetails ?? t.tradeTransactionDetails;
  const special: Record<string, unknown> = {
    accountEmail: t.account.email,
    coins: t.coins.join(' '),
    statusUpdatedAt: t.statusHistory[0].date,
    auditAdminId: t.audit.adminId,
    auditAdmin: t.audit.admin,
    auditApiKey: t.audit.apiKey,
    addenda: details.addenda?.join('\n'),
  };
  return Object.fromEntries(
    header.map((h) => {
      const value = h in special ? special[h] : h in t && typeof t[h] !== 'object' ? t[h] : details[h];
      return [h, safeCell(value)];
    }),
  );
}
