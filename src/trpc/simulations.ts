import type { PathOf, Schemas } from '../core/contract.js';
import { simulateKycHolderAction } from '../core/kyc/simulate-holder-action.js';
import { simulateKycOutcome } from '../core/kyc/simulate-kyc-outcome.js';
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
});
