import { CONTRACT_ENUMS } from '../../core/contract.js';
import { countByStatus } from '../../core/kyc/count-by-status.js';
import { getBankingVerifications } from '../../core/kyc/get-banking-verifications.js';
import type { BankingVerificationDto } from '../../core/kyc/verification-dto.js';
import { builder, loaderFor } from '../builder.js';
import { Account, AccountStatus } from './account.js';

const VerificationStatus = builder.enumType('VerificationStatus', { values: CONTRACT_ENUMS.VerificationStatus });

type Doc = BankingVerificationDto['document'];
type Address = BankingVerificationDto['address'];

const VerificationDocument = builder.objectRef<Doc>('VerificationDocument').implement({
  fields: (t) => ({
    idDocumentType: t.exposeString('idDocumentType'),
    idNumberLast4: t.exposeString('idNumberLast4', { nullable: true }),
    idIssueDate: t.exposeString('idIssueDate', { nullable: true }),
    idExpiryDate: t.exposeString('idExpiryDate', { nullable: true }),
    idCountryOfIssue: t.exposeString('idCountryOfIssue', { nullable: true }),
    nationality: t.exposeString('nationality', { nullable: true }),
  }),
});

const VerificationAddress = builder.objectRef<Address>('VerificationAddress').implement({
  fields: (t) => ({
    address1: t.exposeString('address1'),
    address2: t.exposeString('address2', { nullable: true }),
    city: t.exposeString('city'),
    state: t.exposeString('state'),
    postalCode: t.exposeString('postalCode'),
    country: t.exposeString('country'),
  }),
});

const BankingVerification = builder.objectRef<BankingVerificationDto>('BankingVerification').implement({
  description: 'Saved KYC data of an individual account, personal identifiers masked.',
  fields: (t) => ({
    accountId: t.exposeID('accountId'),
    status: t.field({ type: VerificationStatus, resolve: (v) => v.status }),
    accountStatus: t.field({ type: AccountStatus, resolve: (v) => v.accountStatus }),
    phoneMasked: t.exposeString('phoneMasked'),
    document: t.field({ type: VerificationDocument, resolve: (v) => v.document }),
    address: t.field({ type: VerificationAddress, resolve: (v) => v.address }),
    linkExpiresAt: t.field({ type: 'DateTime', resolve: (v) => v.linkExpiresAt }),
    savedAt: t.field({ type: 'DateTime', resolve: (v) => v.savedAt }),
    submittedAt: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.submittedAt }),
  }),
});

builder.objectField(Account, 'bankingVerification', (t) =>
  t.field({
    type: BankingVerification,
    nullable: true,
    description: 'The saved banking verification (null when nothing is saved). Batched: one query per request.',
    resolve: (account, _args, ctx) =>
      loaderFor<string, BankingVerificationDto>(ctx, 'bankingVerification', async (core, ids) => {
        const found = await getBankingVerifications(core, ids);
        return ids.map((id) => found.get(id) ?? null);
      }).load(account.accountId),
  }),
);

const StatusCount = builder.objectRef<{ status: string; count: number }>('StatusCount').implement({
  fields: (t) => ({ status: t.exposeString('status'), count: t.exposeInt('count') }),
});

const KycStatusCounts = builder.objectRef<Awaited<ReturnType<typeof countByStatus>>>('KycStatusCounts').implement({
  fields: (t) => ({
    verification: t.field({
      type: [StatusCount],
      description: 'Accounts by verification status; `none` when no data is saved.',
      resolve: (c) => c.verification,
    }),
    account: t.field({ type: [StatusCount], description: 'Accounts by account status.', resolve: (c) => c.account }),
  }),
});

builder.queryField('kycStatusCounts', (t) =>
  t.field({
    type: KycStatusCounts,
    description: 'Accounts of your workspace counted by verification status and by account status.',
    resolve: async (_root, _args, ctx) => countByStatus(await ctx.core()),
  }),
);
