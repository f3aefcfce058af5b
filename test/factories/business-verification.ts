/** A valid BusinessVerificationSubmission (openapi.yaml): a US corporation, its CEO (owner and control) and a second owner. */
export function businessSubmission(accountId: string, overrides: Record<string, unknown> = {}) {
  const address = { address1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105', country: 'US' };
  const base = {
    accountId,
    company: {
      legalName: 'Acme Robotics, Inc.',
      tradeName: 'Acme',
      businessType: 'corporation',
      registrationNumber: '7412369',
      countryOfIncorporation: 'US',
      stateOfIncorporation: 'DE',
      incorporationDate: '2019-03-14',
      taxId: '12-3456789',
      address: { ...address, address1: '500 Howard St' },
      website: 'https://acme.example',
      phone: '+14155550100',
    },
    people: [
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        title: 'Chief Executive Officer',
        roles: ['ownership', 'control'],
        ownershipPercent: 60,
        dateOfBirth: '1985-12-10',
        phone: '+14155550123',
        documentId: { idNumber: 'P98765432', idDocumentType: 'passport', idCountryOfIssue: 'US', nationality: 'US' },
        address: { ...address, address1: '77 Secret Lane' },
      },
      {
        firstName: 'Charles',
        lastName: 'Babbage',
        title: 'Co-founder',
        roles: ['ownership'],
        ownershipPercent: 30.5,
        dateOfBirth: '1979-06-26',
        phone: '+14155550124',
        documentId: { idNumber: 'D1234567', idDocumentType: 'driver_license', idCountryOfIssue: 'US' },
        address: { ...address, address1: '12 Hidden Court' },
      },
    ],
  };
  return { ...base, ...overrides };
}

/** The personal values of `businessSubmission`: none may appear in a read, an event or a log. */
export const BUSINESS_SECRETS = [
  '12-3456789',
  'Lovelace',
  'Babbage',
  '1985-12-10',
  '1979-06-26',
  '4155550123',
  '4155550124',
  'P98765432',
  'D1234567',
  '77 Secret Lane',
  '12 Hidden Court',
];

/** The submission with one field set (or removed with `undefined`) at a path such as `people.1.ownershipPercent`. */
export function businessWithField(accountId: string, field: string, value: unknown) {
  const body: any = structuredClone(businessSubmission(accountId));
  const parts = field.split('.');
  const last = parts.pop()!;
  let target = body;
  for (const p of parts) target = target[p];
  if (value === undefined) delete target[last];
  else target[last] = value;
  return body;
}
