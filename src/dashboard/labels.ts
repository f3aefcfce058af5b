/**
 * Words for the API's field names and values, so a page never shows `senderRoutingNumber` or
 * `driver_license` to a person. Names not listed are spelled out from their camelCase.
 */
const FIELD_LABELS: Record<string, string> = {
  accountId: 'Account id',
  apiKey: 'API key',
  apiKeyId: 'API key id',
  coin: 'Currency',
  createdAt: 'Created',
  dateOfBirth: 'Date of birth',
  endDate: 'To',
  iban: 'IBAN',
  idCountryOfIssue: 'Country of issue',
  idDocumentType: 'Document type',
  idExpiryDate: 'Expiry date',
  idIssueDate: 'Issue date',
  idNumber: 'Document number',
  idNumberLast4: 'Document number',
  imad: 'IMAD',
  instrumentType: 'Instrument',
  limit: 'Per page',
  networkFee: 'Network fee',
  page: 'Page',
  phoneMasked: 'Phone',
  quoteQuantity: 'Quote quantity',
  search: 'Search',
  senderIban: 'Sender IBAN',
  senderSwiftCode: 'Sender SWIFT code',
  beneficiaryIban: 'Beneficiary IBAN',
  beneficiarySwiftCode: 'Beneficiary SWIFT code',
  startDate: 'From',
  statusReason: 'Reason',
  targetAddress: 'Target address',
  traceNumber: 'Trace number',
  transactionReference: 'Bank reference',
  transactionType: 'Type',
  txHash: 'Transaction hash',
  updatedAt: 'Updated',
  url: 'URL',
};

const ACRONYMS = new Set(['id', 'url', 'iban', 'imad', 'api', 'kyc', 'kyb', 'ach', 'sha']);

/** `senderRoutingNumber` -> "Sender routing number"; a dotted path names its last part. */
export function fieldLabel(name: string): string {
  const last = name.split('.').pop() ?? name;
  const known = FIELD_LABELS[last];
  if (known) return known;
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
    .split(' ')
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w) ? w.toUpperCase() : w));
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

const VALUE_WORDS: Record<string, string> = {
  ach: 'ACH',
  swift: 'SWIFT',
  wire: 'Wire',
  api_key: 'API key',
  driver_license: "Driver's license",
  national_id: 'National ID',
  ssn: 'SSN',
  itin: 'ITIN',
  ein: 'EIN',
  ein_letter: 'EIN letter',
  in_review: 'In review',
  needs_update: 'Needs update',
  document_front: 'Document (front)',
  document_back: 'Document (back)',
  selfie: 'Selfie with the document',
  proof_of_address: 'Proof of address',
  withdraw: 'Withdrawal',
};

/** An enum value in words: `needs_update` -> "Needs update", `ach` -> "ACH". */
export function valueLabel(value: string | null | undefined): string {
  if (!value) return '—';
  const known = VALUE_WORDS[value];
  if (known) return known;
  const s = value.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}
