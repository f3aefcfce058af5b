/**
 * CSV as RFC 4180 writes it (CRLF line ends, a field quoted when it holds a quote, comma, CR or
 * LF, quotes doubled), with the formula-injection guard OWASP recommends for files opened in
 * spreadsheets: a cell starting with = + - @ tab CR or LF gets a leading apostrophe, so a value a
 * customer typed (a reference, a name) is shown as text and never evaluated. Spreadsheets skip
 * leading whitespace and read the full-width forms (＝ ＋ － ＠) as the ASCII ones, so those count
 * too, after any run of whitespace. Every leading minus is guarded, a number's included: no export
 * column holds a negative number (amounts are unsigned; the direction column says which way).
 */

const FORMULA_START = /^\s*[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | boolean | null | undefined;

/** One field: empty for null/undefined, guarded, then quoted when needed. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One record, CRLF-terminated. */
export function csvLine(values: readonly CsvValue[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) line += ',';
    line += csvField(values[i]);
  }
  return `${line}\r\n`;
}

/** A CSV file's columns: the header names and how a row gives each cell, in one list. */
export type CsvColumns<R> = readonly (readonly [header: string, cell: (row: R) => CsvValue])[];

export function csvHeader<R>(columns: CsvColumns<R>): string {
  return csvLine(columns.map(([header]) => header));
}

export function csvRecord<R>(columns: CsvColumns<R>, row: R): string {
  return csvLine(columns.map(([, cell]) => cell(row)));
}

/** `<what>-YYYYMMDDTHHMMSSZ.csv` (or another extension): the export's kind and its start time in UTC. */
export function exportFileName(what: string, at: Date, extension = 'csv'): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  return `${what}-${stamp}.${extension}`;
}
