const SEARCHABLE = [
  'reference',
  'transactionReference',
  'txHash',
  'targetAddress',
  'imad',
  'traceNumber',
  'originatorName',
  'beneficiaryName',
] as const;

/** The lower-cased text `search` looks in (DESIGN.md "Transactions"); newline-separated fields. */
export function searchTextOf(
  id: string,
  email: string,
  t: Partial<Record<(typeof SEARCHABLE)[number], string | null | undefined>> & { addenda?: string[] | null },
): string {
  const parts = [id, ...SEARCHABLE.map((k) => t[k]), ...(t.addenda ?? []), email];
  return parts
    .filter((p): p is string => !!p)
    .join('\n')
    .toLowerCase();
}
