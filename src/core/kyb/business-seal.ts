/** The sealed columns' associated data: a ciphertext only opens in its own row and column. */
export function companySealContext(accountId: string, column: 'taxId'): string {
  return `business_verification:${accountId}:${column}`;
}

export function personSealContext(
  accountId: string,
  position: number,
  column: 'name' | 'dateOfBirth' | 'phone' | 'idNumber' | 'address',
): string {
  return `business_person:${accountId}:${position}:${column}`;
}

/** `Ada Lovelace` -> `A. L.`: enough to tell the people apart in a review, no more. */
export function initialsOf(firstName: string, lastName: string): string {
  const first = (s: string) => [...s.trim()][0]?.toUpperCase() ?? '';
  return `${first(firstName)}. ${first(lastName)}.`;
}
