import type { PathOf, Schemas } from '../core/contract.js';
import { simulateKybEvent } from '../core/kyb/simulate-kyb-event.js';
import { simulateKycHolderAction } from '../core/kyc/simulate-holder-action.js';
import { simulateKycOutcome } from '../core/kyc/simulate-kyc-outcome.js';
import { simulateBankDeposit, simulateCryptoDeposit } from '../core/transactions/simulate-deposit.js';
import { simulateTransactionStatus } from '../core/transactions/simulate-transaction-status.js';
import { authedProcedure, router, typed } from './init.js';

type ByAccount = PathOf<'simulateKycOutcome'>;

/** Dashboard buttons for the sandbox simulations (the same use cases as /api/v2/simulations). */
export const simulationsRouter = router({
  kycOutcome: authedProcedure.input(typed<ByAccount & Schemas['KycOutcome']>()).mutation(({ ctx, input }) => {
    const { accountId, ...body } = input ?? { accountId: '' };
    return simulateKycOutcome(ctx.core, { accountId, body });
  }),
  kycHolderAction: authedProcedure.input(typed<ByAccount & Schemas['KycHolderAction']>()).mutation(({ ctx, input }) => {
    const { accountId, ...body } = input ?? { accountId: '' };
    return simulateKycHolderAction(ctx.core, { accountId, body });
  }),
  kybEvent: authedProcedure.input(typed<ByAccount & Schemas['KybEvent']>()).mutation(({ ctx, input }) => {
    const { accountId, ...body } = input ?? { accountId: '' };
    return simulateKybEvent(ctx.core, { accountId, body });
  }),
  bankDeposit: authedProcedure
    .input(typed<Schemas['SimulateBankDepositRequest']>())
    .mutation(({ ctx, input }) => simulateBankDeposit(ctx.core, input)),
  cryptoDeposit: authedProcedure
    .input(typed<Schemas['SimulateCryptoDepositRequest']>())
    .mutation(({ ctx, input }) => simulateCryptoDeposit(ctx.core, input)),
  transactionStatus: authedProcedure
    .input(typed<{ transactionId: string } & Schemas['TransactionStatusChange']>())
    .mutation(({ ctx, input }) => {
      const { transactionId, ...body } = input ?? { transactionId: '' };
      return simulateTransactionStatus(ctx.core, { transactionId, body });
    }),
});
