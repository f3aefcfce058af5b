import type { Schemas } from '../../core/contract.js';
import { listVerificationDocuments } from '../../core/kyc/documents/list-documents.js';
import { builder } from '../builder.js';
import { exposeStrings } from '../fields.js';

type DocumentList = Schemas['KycDocumentList'];
type Doc = DocumentList['data'][number];
type Read = Doc['reads'][number];

const KycDocumentRead = builder.objectRef<Read>('KycDocumentRead').implement({
  description: 'One read of a document content (REST or tRPC download).',
  fields: (t) => ({
    readAt: t.field({ type: 'DateTime', description: 'When the content was read.', resolve: (r) => r.readAt }),
    actor: t.exposeString('actor', { description: 'Who read it: api_key, admin or system.' }),
    apiKeyId: t.exposeString('apiKeyId', { nullable: true, description: 'The API key that read it, when one did.' }),
    adminId: t.exposeString('adminId', { nullable: true, description: 'The admin who read it, when one did.' }),
    admin: t.exposeString('admin', { nullable: true, description: "That admin's email." }),
  }),
});

const KycDocument = builder.objectRef<Doc>('KycDocument').implement({
  description: 'A file the holder uploaded through the verification link: metadata only (content is REST/tRPC, not analysts).',
  fields: (t) => ({
    documentId: t.exposeID('documentId', { description: 'The document (uuid).' }),
    ...exposeStrings(t, {
      kind: 'What the file is: document_front, document_back, selfie or proof_of_address.',
      fileName: 'The file name the holder uploaded.',
      mediaType: 'The type recognised from its first bytes: image/jpeg, image/png, image/heic or application/pdf.',
    }),
    sizeBytes: t.exposeInt('sizeBytes', { description: 'Its size in bytes.' }),
    sha256: t.exposeString('sha256', { description: 'SHA-256 of the content, hex.' }),
    uploadedAt: t.field({ type: 'DateTime', description: 'When it was uploaded.', resolve: (d) => d.uploadedAt }),
    reads: t.field({ type: [KycDocumentRead], description: 'Every read of its content, oldest first.', resolve: (d) => d.reads }),
  }),
});

const KycDocumentList = builder.objectRef<DocumentList>('KycDocumentList').implement({
  description: "The holder's documents for the current verification link, and what is still missing.",
  fields: (t) => ({
    accountId: t.exposeID('accountId', { description: 'The account verified.' }),
    required: t.exposeStringList('required', { description: 'The kinds the identity document type needs.' }),
    missing: t.exposeStringList('missing', { description: 'The required kinds not uploaded yet.' }),
    documentsCompletedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the last required file arrived (null until then).',
      resolve: (l) => l.documentsCompletedAt,
    }),
    signedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the holder signed the terms (null before).',
      resolve: (l) => l.signedAt,
    }),
    data: t.field({ type: [KycDocument], description: 'The uploaded files, oldest first (metadata only).', resolve: (l) => l.data }),
    page: t.exposeInt('page', { description: 'The page number (1-based).' }),
    limit: t.exposeInt('limit', { description: 'Most items per page.' }),
    total: t.exposeInt('total', { description: 'Uploaded files in all.' }),
  }),
});

builder.queryField('verificationDocuments', (t) =>
  t.field({
    type: KycDocumentList,
    description: "The documents of an account's banking verification (as REST GET .../documents).",
    args: {
      accountId: t.arg.id({ required: true, description: 'The account (uuid).' }),
      page: t.arg.int({ description: 'Page number, from 1 (default 1).' }),
      limit: t.arg.int({ description: 'Items per page, 1-1000 (default 100).' }),
    },
    resolve: async (_root, { accountId, ...query }, ctx) =>
      listVerificationDocuments(await ctx.core(), { accountId: String(accountId), query }),
  }),
);
