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
    readAt: t.field({ type: 'DateTime', resolve: (r) => r.readAt }),
    actor: t.exposeString('actor'),
    apiKeyId: t.exposeString('apiKeyId', { nullable: true }),
    adminId: t.exposeString('adminId', { nullable: true }),
    admin: t.exposeString('admin', { nullable: true }),
  }),
});

const KycDocument = builder.objectRef<Doc>('KycDocument').implement({
  description: 'A file the holder uploaded through the verification link: metadata only (content is REST/tRPC, not analysts).',
  fields: (t) => ({
    documentId: t.exposeID('documentId'),
    ...exposeStrings(t, 'kind', 'fileName', 'mediaType'),
    sizeBytes: t.exposeInt('sizeBytes'),
    sha256: t.exposeString('sha256'),
    uploadedAt: t.field({ type: 'DateTime', resolve: (d) => d.uploadedAt }),
    reads: t.field({ type: [KycDocumentRead], resolve: (d) => d.reads }),
  }),
});

const KycDocumentList = builder.objectRef<DocumentList>('KycDocumentList').implement({
  fields: (t) => ({
    accountId: t.exposeID('accountId'),
    required: t.exposeStringList('required'),
    missing: t.exposeStringList('missing'),
    documentsCompletedAt: t.field({ type: 'DateTime', nullable: true, resolve: (l) => l.documentsCompletedAt }),
    signedAt: t.field({ type: 'DateTime', nullable: true, resolve: (l) => l.signedAt }),
    data: t.field({ type: [KycDocument], resolve: (l) => l.data }),
    page: t.exposeInt('page'),
    limit: t.exposeInt('limit'),
    total: t.exposeInt('total'),
  }),
});

builder.queryField('verificationDocuments', (t) =>
  t.field({
    type: KycDocumentList,
    description: "The documents of an account's banking verification (as REST GET .../documents).",
    args: { accountId: t.arg.id({ required: true }), page: t.arg.int(), limit: t.arg.int() },
    resolve: async (_root, { accountId, ...query }, ctx) =>
      listVerificationDocuments(await ctx.core(), { accountId: String(accountId), query }),
  }),
);
