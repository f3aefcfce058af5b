import { describe, expect, it } from 'vitest';
import { contractDocument } from '../../src/core/validation/contract-document.js';

type Operation = { operationId?: string; description?: string };

/** DESIGN.md "Which operation emits which event", by REST operation. */
const EMITS: Record<string, string[]> = {
  createAccount: ['account_created'],
  eraseAccount: ['account_erased'],
  submitBankingVerification: ['kyc_status_updated'],
  requestBankingVerification: ['kyc_verification_submitted', 'account_status_updated', 'kyc_status_updated'],
  simulateKycOutcome: ['kyc_verification_completed', 'kyc_needs_update', 'account_status_updated', 'kyc_status_updated'],
  simulateKycHolderAction: ['kyc_verification_signed', 'kyc_document_upload_received', 'kyc_document_uploaded'],
  simulateKybEvent: ['kyb_verification_submitted', 'kyb_document_uploaded'],
  linkBankAccount: ['bank_account_link'],
  createCryptoWallet: ['crypto_wallet_created'],
  createCryptoBeneficiary: ['crypto_beneficiary_created'],
  updateCryptoBeneficiary: ['crypto_beneficiary_updated'],
  deleteCryptoBeneficiary: ['crypto_beneficiary_deleted'],
  createBankTransaction: ['bank_transaction_created'],
  createCryptoTransaction: ['crypto_transaction_created'],
  createTradeTransaction: ['trade_transaction_created'],
  simulateBankDeposit: ['bank_transaction_received'],
  simulateCryptoDeposit: ['crypto_transaction_received'],
  simulateTransactionStatus: ['bank_transaction_status_updated', 'crypto_transaction_status_updated', 'trade_transaction_status_updated'],
};

function operations(): Map<string, Operation> {
  const found = new Map<string, Operation>();
  for (const item of Object.values(contractDocument().paths)) {
    for (const op of Object.values(item) as Operation[]) if (op?.operationId) found.set(op.operationId, op);
  }
  return found;
}

describe('openapi.yaml names the webhook events each operation emits', () => {
  it.each(Object.entries(EMITS))('%s names its events', (operationId, events) => {
    const op = operations().get(operationId);
    expect(op, operationId).toBeDefined();
    for (const event of events) expect(op?.description ?? '', `${operationId} should name ${event}`).toContain(`\`${event}\``);
  });

  it('every event type of the contract is named by some operation', () => {
    const enumValues = (contractDocument().components.schemas.EventType as { enum: string[] }).enum;
    const named = new Set(Object.values(EMITS).flat());
    expect(enumValues.filter((e) => !named.has(e))).toEqual([]);
  });
});
