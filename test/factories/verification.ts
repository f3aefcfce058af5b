/** A valid BankingVerificationSubmission (openapi.yaml); override any part. Dates far from today keep the tests stable. */
export function submission(accountId: string, overrides: Record<string, unknown> = {}) {
  const base = {
    accountId,
    dateOfBirth: '1990-04-17',
    phone: '+14155550123',
    documentId: {
      idNumber: 'X12345678',
      idDocumentType: 'passport',
      idIssueDate: '2020-01-15',
      idExpiryDate: '2035-01-14',
      idCountryOfIssue: 'US',
      nationality: 'US',
    },
    address: {
      address1: '1 Market St',
      address2: 'Suite 300',
      city: 'San Francisco',
      state: 'CA',
      postalCode: '94105',
      country: 'US',
    },
  };
  return { ...base, ...overrides };
}

/** The submission with one dotted field set (or removed with `undefined`). */
export function withField(accountId: string, field: string, value: unknown) {
  const body: any = structuredClone(submission(accountId));
  const parts = field.split('.');
  const last = parts.pop()!;
  let target = body;
  for (const p of parts) target = target[p];
  if (value === undefined) delete target[last];
  else target[last] = value;
  return body;
}
