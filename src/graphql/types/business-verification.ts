import { CONTRACT_ENUMS } from '../../core/contract.js';
import type { BusinessVerificationDto } from '../../core/kyb/business-verification-dto.js';
import { getBusinessVerifications } from '../../core/kyb/get-business-verifications.js';
import { builder, loaderFor } from '../builder.js';
import { Account, AccountStatus } from './account.js';
import { VerificationDocument, VerificationStatus } from './banking-verification.js';

type Company = BusinessVerificationDto['company'];
type Person = BusinessVerificationDto['people'][number];

const BusinessType = builder.enumType('BusinessType', {
  description: 'The legal form of a business.',
  values: CONTRACT_ENUMS.BusinessType,
});

const BusinessPersonRole = builder.enumType('BusinessPersonRole', {
  description: 'ownership: owns 25% or more; control: manages the company and signs for it.',
  values: CONTRACT_ENUMS.BusinessPersonRole,
});

const CompanyAddress = builder.objectRef<Company['address']>('CompanyAddress').implement({
  description: "The company's registered address.",
  fields: (t) => ({
    address1: t.exposeString('address1', { description: 'Street address.' }),
    address2: t.exposeString('address2', { nullable: true, description: 'Suite or floor.' }),
    city: t.exposeString('city', { description: 'City.' }),
    state: t.exposeString('state', { description: 'State or region code.' }),
    postalCode: t.exposeString('postalCode', { description: 'Postal or ZIP code.' }),
    country: t.exposeString('country', { description: 'Country, ISO 3166-1 alpha-2.' }),
  }),
});

const BusinessCompany = builder.objectRef<Company>('BusinessCompany').implement({
  description: 'The company of a business verification; its tax id masked.',
  fields: (t) => ({
    legalName: t.exposeString('legalName', { description: 'The registered legal name.' }),
    tradeName: t.exposeString('tradeName', { nullable: true, description: 'The name it trades under.' }),
    businessType: t.field({ type: BusinessType, description: 'The legal form.', resolve: (c) => c.businessType }),
    registrationNumber: t.exposeString('registrationNumber', { description: 'The company register number.' }),
    countryOfIncorporation: t.exposeString('countryOfIncorporation', { description: 'ISO 3166-1 alpha-2.' }),
    stateOfIncorporation: t.exposeString('stateOfIncorporation', { nullable: true, description: 'State of incorporation (US).' }),
    incorporationDate: t.exposeString('incorporationDate', { description: 'YYYY-MM-DD.' }),
    taxIdLast4: t.exposeString('taxIdLast4', { nullable: true, description: 'The last 4 characters of the tax id (sealed at rest).' }),
    address: t.field({ type: CompanyAddress, description: 'The registered address.', resolve: (c) => c.address }),
    website: t.exposeString('website', { nullable: true, description: 'The website.' }),
    phoneMasked: t.exposeString('phoneMasked', { nullable: true, description: 'The phone with all but its last digits masked.' }),
  }),
});

const PersonPlace = builder.objectRef<Person['address']>('BusinessPersonPlace').implement({
  description: 'Where a person lives, to the city (the street is sealed).',
  fields: (t) => ({
    city: t.exposeString('city', { description: 'City.' }),
    country: t.exposeString('country', { description: 'Country, ISO 3166-1 alpha-2.' }),
  }),
});

const BusinessPerson = builder.objectRef<Person>('BusinessPerson').implement({
  description: 'A person of a business (owner or control person); personal data masked.',
  fields: (t) => ({
    position: t.exposeInt('position', { description: '1-based position in the submitted list.' }),
    nameInitials: t.exposeString('nameInitials', { description: 'Initials of the sealed name.' }),
    title: t.exposeString('title', { description: 'Position in the company.' }),
    roles: t.field({ type: [BusinessPersonRole], description: 'Why the person is listed.', resolve: (p) => p.roles }),
    ownershipPercent: t.exposeFloat('ownershipPercent', { nullable: true, description: 'Share owned, for owners.' }),
    phoneMasked: t.exposeString('phoneMasked', { description: 'The phone with all but its last digits masked.' }),
    document: t.field({ type: VerificationDocument, description: 'The identity document, masked.', resolve: (p) => p.document }),
    address: t.field({ type: PersonPlace, description: 'City and country.', resolve: (p) => p.address }),
  }),
});

const BusinessVerification = builder.objectRef<BusinessVerificationDto>('BusinessVerification').implement({
  description: 'Saved KYB data of a business account, sealed values masked.',
  fields: (t) => ({
    accountId: t.exposeID('accountId', { description: 'The account verified.' }),
    status: t.field({ type: VerificationStatus, description: 'The verification status.', resolve: (v) => v.status }),
    accountStatus: t.field({ type: AccountStatus, description: "The account's status.", resolve: (v) => v.accountStatus }),
    canRequestVerification: t.exposeBoolean('canRequestVerification', {
      description: 'Whether requestBankingVerification accepts a request now (the account is pending or needs_update).',
    }),
    company: t.field({ type: BusinessCompany, description: 'The company.', resolve: (v) => v.company }),
    people: t.field({ type: [BusinessPerson], description: 'Its owners and control person.', resolve: (v) => v.people }),
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

builder.objectField(Account, 'businessVerification', (t) =>
  t.field({
    type: BusinessVerification,
    nullable: true,
    description: 'The saved business (KYB) verification (null when nothing is saved or the account is an individual). Batched.',
    resolve: (account, _args, ctx) =>
      loaderFor<string, BusinessVerificationDto>(ctx, 'businessVerification', async (core, ids) => {
        const found = await getBusinessVerifications(core, ids);
        return ids.map((id) => found.get(id) ?? null);
      }).load(account.accountId),
  }),
);
