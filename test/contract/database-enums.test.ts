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

const SAME_VALUES: Record<keyof typeof stored, readonly string[] | null> = {
  AccountType: CONTRACT_ENUMS.AccountType,
  AccountStatus: CONTRACT_ENUMS.AccountStatus,
  VerificationStatus: CONTRACT_ENUMS.VerificationStatus,
  IdDocumentType: CONTRACT_ENUMS.IdDocumentType,
  TransactionType: CONTRACT_ENUMS.TransactionType,
  TransactionStatus: CONTRACT_ENUMS.TransactionStatus,
  DeliveryStatus: CONTRACT_ENUMS.DeliveryStatus,
  WebhookTargetStatus: schemaEnum(['WebhookTarget', 'properties', 'status']),
  // Admins are admins or analysts; the contract's session role adds `api` for API keys, never stored.
  AdminRole: null,
};

describe('the database enums hold the values of the contract', () => {
  it.each(Object.entries(SAME_VALUES).filter(([, values]) => values !== null))('%s', (name, values) => {
    expect(Object.values(stored[name as keyof typeof stored]).sort()).toEqual([...(values ?? [])].sort());
  });

  it('AdminRole is the contract role without `api`', () => {
    expect(Object.values(stored.AdminRole).sort()).toEqual(
      schemaEnum(['DashboardSession', 'properties', 'role'])
        .filter((r) => r !== 'api')
        .sort(),
    );
  });
});
