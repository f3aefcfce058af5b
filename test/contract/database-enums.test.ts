import { describe, expect, it } from 'vitest';
import { CONTRACT_ENUMS } from '../../src/core/contract.js';
import { contractDocument } from '../../src/core/validation/contract-document.js';
import * as stored from '../../src/db/generated/prisma/enums.js';

/**
 * A value added to an enum of openapi.yaml reaches GraphQL, tRPC and validation by regeneration,
 * but the database type needs a migration: without one, REST would accept a value that the
 * `::transaction_status` casts then refuse with a 500. This keeps both lists equal.
 */
const schemaEnum = (pointer: string[]): readonly string[] => {
  let node: unknown = contractDocument().components.schemas;
  for (const key of pointer) node = (node as Record<string, unknown>)[key];
  return (node as { enum: string[] }).enum;
};

// Every enum of the database, with the contract's values it must hold (static: the compiler lists them all).
const SAME_VALUES: Record<keyof typeof stored, [Record<string, string>, readonly string[]]> = {
  AccountType: [stored.AccountType, CONTRACT_ENUMS.AccountType],
  AccountStatus: [stored.AccountStatus, CONTRACT_ENUMS.AccountStatus],
  VerificationStatus: [stored.VerificationStatus, CONTRACT_ENUMS.VerificationStatus],
  IdDocumentType: [stored.IdDocumentType, CONTRACT_ENUMS.IdDocumentType],
  BusinessType: [stored.BusinessType, schemaEnum(['BusinessType'])],
  TransactionType: [stored.TransactionType, CONTRACT_ENUMS.TransactionType],
  TransactionStatus: [stored.TransactionStatus, CONTRACT_ENUMS.TransactionStatus],
  DeliveryStatus: [stored.DeliveryStatus, CONTRACT_ENUMS.DeliveryStatus],
  LedgerEntryType: [stored.LedgerEntryType, schemaEnum(['LedgerEntryType'])],
  WebhookTargetStatus: [stored.WebhookTargetStatus, schemaEnum(['WebhookTarget', 'properties', 'status'])],
  // Admins are admins or analysts; the contract's session role adds `api` (API keys), never stored.
  AdminRole: [stored.AdminRole, schemaEnum(['DashboardSession', 'properties', 'role']).filter((r) => r !== 'api')],
};

describe('the database enums hold the values of the contract', () => {
  it.each(Object.entries(SAME_VALUES))('%s', (_name, [inDatabase, inContract]) => {
    expect(Object.values(inDatabase).sort()).toEqual([...inContract].sort());
  });
});
