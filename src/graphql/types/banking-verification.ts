import { CONTRACT_ENUMS } from '../../core/contract.js';
import { countByStatus } from '../../core/kyc/count-by-status.js';
import { getBankingVerifications } from '../../core/kyc/get-banking-verifications.js';
import type { BankingVerificationDto } from '../../core/kyc/verification-dto.js';
import { builder, loaderFor } from '../builder.js';
import { AGGREGATE } from '../limits.js';
import { Account, AccountStatus } from './account.js';

export const VerificationStatus = builder.enumType('VerificationStatus', {
  description: 'Where the banking verification stands with the provider.',
  values: CONTRACT_ENUMS.VerificationStatus,
});

type Doc = BankingVerificationDto['document'];
type Address = BankingVerificationDto['address'];

export const VerificationDocument = builder.objectRef<Doc>('VerificationDocument').implement({
  description: 'The identity document saved with the verification, its number masked.',
  fields: (t) => ({
    idDocumentType: t.exposeString('idDocumentType', { description: 'passport, driver_license, national_id, ssn, itin, ein or other.' }),
    idNumberLast4: t.exposeString('idNumberLast4', {
      nullable: true,
      description: 'The last 4 characters of the document number (it is stored encrypted, never returned whole).',
    }),
    idIssueDate: t.exposeString('idIssueDate', { nullable: true, description: 'Issue date, YYYY-MM-DD.' }),
    idExpiryDate: t.exposeString('idExpiryDate', { nullable: true, description: 'Expiry date, YYYY-MM-DD.' }),
    idCountryOfIssue: t.exposeString('idCountryOfIssue', { nullable: true, description: 'Issuing country, ISO 3166-1 alpha-2.' }),
    nationality: t.exposeString('nationality', { nullable: true, description: "The holder's nationality, ISO 3166-1 alpha-2." }),
  }),
});

const VerificationAddress = builder.objectRef<Address>('VerificationAddress').implement({
  description: "The holder's address as saved with the verification.",
  fields: (t) => ({
    address1: t.exposeString('address1', { description: 'Street address.' }),
    address2: t.exposeString('address2', { nullable: true, description: 'Apartment, suite or floor.' }),
    city: t.exposeString('city', { description: 'City.' }),
    state: t.exposeString('state', { description: 'State or region code.' }),
    postalCode: t.exposeString('postalCode', { description: 'Postal or ZIP code.' }),
    country: t.exposeString('country', { description: 'Country, ISO 3166-1 alpha-2.' }),
  }),
});

const BankingVerification = builder.objectRef<BankingVerificationDto>('BankingVerification').implement({
  description: 'Saved KYC data of an individual account, personal identifiers masked.',
  fields: (t) => ({
    accountId: t.exposeID('accountId', { description: 'The account verified.' }),
    status: t.field({ type: VerificationStatus, description: 'The verification status.', resolve: (v) => v.status }),
    accountStatus: t.field({ type: AccountStatus, description: "The account's status.", resolve: (v) => v.accountStatus }),
    canRequestVerification: t.exposeBoolean('canRequestVerification', {
      description: 'Whether requestBankingVerification accepts a request now (the account is pending or needs_update).',
    }),
    phoneMasked: t.exposeString('phoneMasked', { description: 'The phone number with all but its last digits masked.' }),
    document: t.field({ type: VerificationDocument, description: 'The identity document, masked.', resolve: (v) => v.document }),
    address: t.field({ type: VerificationAddress, description: "The holder's address.", resolve: (v) => v.address }),
    linkExpiresAt: t.field({
      type: 'DateTime',
      description: 'When the current verification link expires.',
      resolve: (v) => v.linkExpiresAt,
    }),
    savedAt: t.field({ type: 'DateTime', description: 'When the data was last saved.', resolve: (v) => v.savedAt }),
    submittedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When verification was requested from the provider (null before).',
      resolve: (v) => v.submittedAt,
    }),
    rejectedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the provider rejected the holder (status rejected); null otherwise.',
      resolve: (v) => v.rejectedAt,
    }),
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
  description: 'How many accounts are in one status.',
  fields: (t) => ({
    status: t.exposeString('status', { description: 'The status.' }),
    count: t.exposeInt('count', { description: 'Accounts in it.' }),
  }),
});

const KycStatusCounts = builder.objectRef<Awaited<ReturnType<typeof countByStatus>>>('KycStatusCounts').implement({
  description: 'Accounts counted by verification status and by account status.',
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
    extensions: AGGREGATE,
    description: 'Accounts of your workspace counted by verification status and by account status.',
    resolve: async (_root, _args, ctx) => countByStatus(await ctx.core()),
  }),
);
