import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../trpc.js';

/** The KYC next steps' actions: the request to the provider, and the sandbox's holder and provider simulations. */
export function useKycNextSteps() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const done = { onSuccess: () => qc.invalidateQueries() };
  const request = useMutation(trpc.kyc.requestBankingVerification.mutationOptions(done));
  const outcome = useMutation(trpc.simulations.kycOutcome.mutationOptions(done));
  const holder = useMutation(trpc.simulations.kycHolderAction.mutationOptions(done));
  return { request, outcome, holder, error: request.error ?? outcome.error ?? holder.error };
}
