/**
 * An explicit Prisma `select` written as its column list (STYLE.md 6): callers still check it with
 * `satisfies Prisma.XSelect`, so a misspelt or removed column fails to compile, and a sealed column
 * appears only if someone names it.
 */
export function columns<const K extends string>(...names: K[]): { [P in K]: true } {
  return Object.fromEntries(names.map((name) => [name, true])) as { [P in K]: true };
}

/** A row with its dates as the contract's ISO 8601 strings (null stays null). */
export type WithIsoDates<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? Exclude<T[K], Date> | string : T[K];
};

/** Converts the row's `Date` columns to ISO strings; every other column is passed through unchanged. */
export function withIsoDates<T extends object>(row: T): WithIsoDates<T> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  ) as WithIsoDates<T>;
}
