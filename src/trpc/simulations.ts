import type { PathOf, Schemas } from '../core/contract.js';
import { simulateKybEvent } from '../core/kyb/simulate-kyb-event.js';
import { simulateKycHolderAction } from '../core/kyc/simulate-holder-action.js';
import { simulateKycOutcome } from '../core/kyc/simulate-kyc-outcome.js';
import { simulateBankDeposit } from '../core/transactions/simulate-bank-deposit.js';
import { simulateCryptoDeposit } from '../core/transactions/simulate-crypto-deposit.js';
import { simulateTransactionStatus } from '../core/transactions/simulate-transaction-status.js';
import { router, typed } from './init.js';
import { mutation, withBody } from './use-case.js';

type ByAccount = PathOf<'simulateKycOutcome'>;

/** Dashboard buttons for the sandbox simulations (the same use cases as /api/v2/simulations). */
export const simulationsRouter = router({
  kycOutcome: mutation(typed<ByAccount & Schemas['KycOutcome']>(), withBody('accountId', simulateKycOutcome)),
  kycHolderAction: mutation(typed<ByAccount & Schemas['KycHolderAction']>(), withBody('accountId', simulateKycHolderAction)),
  kybEvent: mutation(typed<ByAccount & Schemas['KybEvent']>(), withBody('accountId', simulateKybEvent)),
  bankDeposit: mutation(typed<Schemas['SimulateBankDepositRequest']>(), simulateBankDeposit),
  cryptoDeposit: mutation(typed<Schemas['SimulateCryptoDepositRequest']>(), simulateCryptoDeposit),
  transactionStatus: mutation(
    typed<{ transactionId: string } & Schemas['TransactionStatusChange']>(),
    withBody('transactionId', simulateTransactionStatus),
  ),
});
