/** Calendar dates as `YYYY-MM-DD` strings compare correctly as strings. Today is the UTC date. */
export function todayUtc(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** A `YYYY-MM-DD` as the Date Prisma stores in a `date` column (midnight UTC). */
export function dateColumn(date: string): Date {
  return new Date(`${date}T00:00:00.000Z`);
}

export function fromDateColumn(date: Date | null): string | null {
  return date ? date.toISOString().slice(0, 10) : null;
}
