import { loadavg } from 'node:os';

/** The value after `--name` on the command line, if any. */
export function option(name: string, args = process.argv.slice(2)): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

/** Fails unless every value is a positive integer, naming its option. */
export function requirePositiveIntegers(values: Record<string, number>): void {
  for (const [n, v] of Object.entries(values)) {
    if (!Number.isSafeInteger(v) || v < 1) throw new Error(`--${n} must be a positive integer`);
  }
}

/** Progress on stderr (stdout carries the result table). */
export const log = (s: string) => process.stderr.write(`${s}\n`);

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The load average (1, 5, 15 min), stated with every figure. */
export const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The PostgreSQL server of the benches: DATABASE_URL's, or the local one. */
export const benchServer = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `db` on the bench's server. */
export function urlOf(db: string, server = benchServer): string {
  const u = new URL(server);
  u.pathname = `/${db}`;
  return u.toString();
}

/** Appended to every bench database's name, so benches run side by side do not share one. */
export const dbSuffix = process.env.FAS_TEST_DB_SUFFIX ?? '';
