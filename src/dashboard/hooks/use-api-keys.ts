import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Outputs, useTRPC } from '../trpc.js';

export type ApiKey = Outputs['apiKeys']['list']['data'][number];

/** The workspace's API keys, and creating and revoking one. */
export function useApiKeys() {
  const trpc = useTRPC();
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const create = useMutation(trpc.apiKeys.create.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: (_data, vars) => {
        // The secret on screen belongs to a dead key now: its "copy it now" banner goes.
        if (create.data?.apiKeyId === vars.apiKeyId) create.reset();
        return refresh();
      },
    }),
  );
  return { keys, create, revoke };
}

export type ApiKeysData = ReturnType<typeof useApiKeys>;
