import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useContext } from 'react';
import { SessionContext, useCanWrite } from '../session.js';
import { useTRPC } from '../trpc.js';
import { ErrorBox } from './common.js';

const HOLDER_ACTIONS = ['document_upload_received', 'documents_uploaded', 'terms_signed'] as const;
const OUTCOMES = ['completed', 'needs_update'] as const;

/** Sandbox workspaces only: the provider's and the holder's side of KYC, as buttons. */
export function SandboxKycActions({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { sandbox } = useContext(SessionContext);
  const canWrite = useCanWrite();
  const done = { onSuccess: () => qc.invalidateQueries() };
  const outcome = useMutation(trpc.simulations.kycOutcome.mutationOptions(done));
  const holder = useMutation(trpc.simulations.kycHolderAction.mutationOptions(done));
  if (!sandbox || !canWrite) return null;
  return (
    <section aria-labelledby="sim-h">
      <h2 id="sim-h">Sandbox simulations</h2>
      <p>
        {HOLDER_ACTIONS.map((action) => (
          <button key={action} type="button" onClick={() => holder.mutate({ accountId, action })} disabled={holder.isPending}>
            Holder: {action.replaceAll('_', ' ')}
          </button>
        ))}
      </p>
      <p>
        {OUTCOMES.map((o) => (
          <button key={o} type="button" onClick={() => outcome.mutate({ accountId, outcome: o })} disabled={outcome.isPending}>
            KYC outcome: {o.replace('_', ' ')}
          </button>
        ))}
      </p>
      <ErrorBox error={outcome.error ?? holder.error} />
    </section>
  );
}
