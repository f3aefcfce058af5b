import type { Schemas } from '../contract.js';
import type { RequiredDocument } from '../kyc/documents/document-kinds.js';

/** The company's own documents, by kind, as the representative's page asks for them. */
export const COMPANY_DOCUMENTS = {
  certificate_of_incorporation: 'the certificate of incorporation, or an extract from the company register',
  proof_of_registered_address: "a proof of the company's registered address dated within the last 3 months",
  ownership_structure: "the ownership structure (a chart or the register of shareholders showing each owner's share)",
} as const;

type IdDocumentType = Schemas['IdDocumentType'];

const personDocument: Record<IdDocumentType, { front: string; back?: string }> = {
  passport: { front: 'the photo page of the passport' },
  driver_license: { front: "the front of the driver's license", back: "the back of the driver's license" },
  national_id: { front: 'the front of the national identity card', back: 'the back of the national identity card' },
  ssn: { front: 'the Social Security card' },
  itin: { front: 'the ITIN assignment letter (IRS CP565)' },
  ein: { front: 'the EIN confirmation letter (IRS CP575)' },
  other: { front: 'the identity document named in the application' },
};

export interface DocumentPerson {
  position: number;
  nameInitials: string;
  title: string;
  isOwner: boolean;
  idDocumentType: string;
}

/** The kind of a person's identity document side: `person_2_document_front`. */
export function personDocumentKind(position: number, side: 'front' | 'back'): string {
  return `person_${position}_document_${side}`;
}

/**
 * What a business's verification requires, in page order: the company's certificate and proof of
 * address, its ownership structure when someone owns 25% or more, then each person's identity
 * document (both sides when the document has two).
 */
export function requiredBusinessDocuments(people: DocumentPerson[]): RequiredDocument[] {
  const list: RequiredDocument[] = [
    { kind: 'certificate_of_incorporation', label: COMPANY_DOCUMENTS.certificate_of_incorporation, capture: null },
    { kind: 'proof_of_registered_address', label: COMPANY_DOCUMENTS.proof_of_registered_address, capture: null },
  ];
  if (people.some((p) => p.isOwner)) {
    list.push({ kind: 'ownership_structure', label: COMPANY_DOCUMENTS.ownership_structure, capture: null });
  }
  for (const p of [...people].sort((a, b) => a.position - b.position)) {
    const doc = personDocument[p.idDocumentType as IdDocumentType] ?? personDocument.other;
    const who = `${p.nameInitials} (${p.title})`;
    list.push({ kind: personDocumentKind(p.position, 'front'), label: `${who}: ${doc.front}`, capture: 'environment' });
    if (doc.back) list.push({ kind: personDocumentKind(p.position, 'back'), label: `${who}: ${doc.back}`, capture: 'environment' });
  }
  return list;
}

/** The event's `documentType` for a business document kind. */
export function kybDocumentType(
  kind: string,
): 'certificate_of_incorporation' | 'proof_of_registered_address' | 'ownership_structure' | 'person_identity_document' | 'other' {
  if (kind === 'certificate_of_incorporation' || kind === 'proof_of_registered_address' || kind === 'ownership_structure') return kind;
  return kind.startsWith('person_') ? 'person_identity_document' : 'other';
}
