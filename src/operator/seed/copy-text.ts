import { COLUMN_KEYS, type ColumnKey, TRANSACTION_COLUMNS } from '../../core/transactions/transaction-columns.js';
import type { SeedRow, SeedValue } from './bulk-insert.js';

// Rows in PostgreSQL's COPY text format: columns separated by tabs, one row per line, NULL as
// \N, and backslash, tab, newline and carriage return escaped with a backslash.

const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function escapeCopy(text: string): string {
  return SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] as string) : text;
}

/** A text[] as an array literal, every element quoted (so none is read as NULL or split). */
function arrayLiteral(items: readonly string[]): string {
  let out = '{';
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out += ',';
    out += `"${(items[i] as string).replace(/["\\]/g, (c) => `\\${c}`)}"`;
  }
  return `${out}}`;
}

/** One value as a COPY text field. */
export function copyField(v: SeedValue): string {
  if (v === null) return '\\N';
  if (typeof v === 'string') return escapeCopy(v);
  if (typeof v === 'boolean') return v ? 't' : 'f';
  return escapeCopy(arrayLiteral(v));
}

/** The COPY column list, in the registry's order (the order `copyLine` writes). */
export const COPY_COLUMNS = COLUMN_KEYS.map((key: ColumnKey) => TRANSACTION_COLUMNS[key].name).join(', ');

/** One row as a COPY text line, newline included. */
export function copyLine(row: SeedRow): string {
  let line = copyField(row[COLUMN_KEYS[0] as ColumnKey]);
  for (let i = 1; i < COLUMN_KEYS.length; i++) line += `\t${copyField(row[COLUMN_KEYS[i] as ColumnKey])}`;
  return `${line}\n`;
}
