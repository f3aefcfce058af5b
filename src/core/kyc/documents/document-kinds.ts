import type { Schemas } from '../../contract.js';

/** The contract's identity document types: a new one fails typecheck until `identityDocument` describes it. */
type IdDocumentType = Schemas['IdDocumentType'];

/** What the holder is asked for, per identity document type (the list the page always showed). */
const identityDocument: Record<IdDocumentType, { front: string; back?: string }> = {
  passport: { front: 'the photo page of your passport' },
  driver_license: { front: "the front of your driver's license", back: "the back of your driver's license" },
  national_id: { front: 'the front of your national identity card', back: 'the back of your national identity card' },
  ssn: { front: 'your Social Security card' },
  itin: { front: 'your ITIN assignment letter (IRS CP565)' },
  ein: { front: 'your EIN confirmation letter (IRS CP575)' },
  other: { front: 'the identity document you named' },
};

export interface RequiredDocument {
  /** A `KycDocumentKind` of the contract: an individual's (below) or a business's (src/core/kyb/business-documents.ts). */
  kind: string;
  label: string;
  /** The HTML `capture` hint: phones open the camera (`user` = front camera) instead of files. */
  capture: 'environment' | 'user' | null;
}

/** The files required for a verification of this identity document type, in page order. */
export function requiredDocuments(idDocumentType: string): RequiredDocument[] {
  const doc = identityDocument[idDocumentType as IdDocumentType] ?? identityDocument.other;
  const list: RequiredDocument[] = [{ kind: 'document_front', label: doc.front, capture: 'environment' }];
  if (doc.back) list.push({ kind: 'document_back', label: doc.back, capture: 'environment' });
  list.push({ kind: 'selfie', label: 'a selfie holding the same document', capture: 'user' });
  // No capture hint: a proof of address is often a PDF the holder already has.
  list.push({
    kind: 'proof_of_address',
    label: 'a proof of address dated within the last 3 months (utility bill or bank statement)',
    capture: null,
  });
  return list;
}
